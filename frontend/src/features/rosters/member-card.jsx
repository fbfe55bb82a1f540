// One team member: photo, name, department and year, position, and the profile link when there is one. The name
// stays as written; the rest is the admins' words, in the page's language where they are written in it.
import { Fragment } from 'react';
import { ExternalLink } from '../../components/external-link.jsx';
import { Localized, useLocalized } from '../../components/localized.jsx';
import { Photo } from '../../components/photo.jsx';
import { englishOn, useT } from '../../lib/i18n.js';

/**
 * 'en' for a name in Latin letters on a Bengali page, so it is read as English (as Field's latinOn says, without
 * bringing the forms' code and styles to the team pages).
 */
const latinOn = (lang, text) =>
  lang === 'bn' && /[A-Za-z]/.test(text ?? '') && !/[\u0980-\u09FF]/.test(text) ? 'en' : undefined;

/** `eager` for a card above the fold; `priority` for the first, whose photo is the page's largest paint. */
export function MemberCard({ member, eager = false, priority = false }) {
  const t = useT();
  const localized = useLocalized();
  const studies = ['department', 'year'].map((field) => localized(member, field)).filter((part) => part.text);
  // One language for both (usually): the line carries it; else each part carries its own.
  const oneLang = studies.every((part) => part.lang === studies[0]?.lang);
  return (
    <article className="card member-card">
      <Photo photo={member.photo} alt={member.name} sizes="160px" eager={eager} priority={priority} />
      <div className="member-body">
        {/* The name as written; in Latin letters on a Bengali page, marked as English. */}
        <h2 lang={latinOn(t.lang, member.name)}>{member.name}</h2>
        {studies.length > 0 && (
          <p className="member-studies" lang={oneLang ? studies[0].lang : undefined}>
            {oneLang
              ? studies.map((part) => part.text).join(' · ')
              : studies.map((part, index) => (
                  <Fragment key={index}>
                    {index > 0 && ' · '}
                    <span lang={part.lang}>{part.text}</span>
                  </Fragment>
                ))}
          </p>
        )}
        {member.position && <Localized as="p" className="member-position" record={member} field="position" />}
        {member.link && (
          <ExternalLink
            className="member-link"
            href={member.link}
            hint={t.parts('team.profileOf', { name: <span lang={latinOn(t.lang, member.name)}>{member.name}</span> })}
          >
            {englishOn(t.lang, 'LinkedIn')}
          </ExternalLink>
        )}
      </div>
    </article>
  );
}
