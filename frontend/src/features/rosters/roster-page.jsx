// A team roster page: /team shows the core team and buttons to every other roster; /team{slug} shows that roster.
// The rosters' titles are the admins' words, in the page's language where they are written in it.
import { InRows } from '../../components/after-first-paint.jsx';
import { Localized, useLocalized } from '../../components/localized.jsx';
import { rosterList, useContent } from '../../lib/content.js';
import { useT } from '../../lib/i18n.js';
import { Link, NavLink } from '../../lib/local-links.jsx';
import { MemberCard } from './member-card.jsx';
import './roster-page.css';

// The first row of the widest grid (five cards) is above the fold: its photos load at once, the rest when
// scrolled to; on the app's first page, the rest is also drawn later, a row a paint.
const ABOVE_THE_FOLD = 5;

export function RosterPage({ slug }) {
  const { teams } = useContent();
  const t = useT();
  const localized = useLocalized();
  const shown = teams[slug];
  const others = rosterList(teams).filter((roster) => roster.slug !== 'core');

  return (
    <div className="page">
      {shown?.title != null ? (
        <Localized as="h1" className="page-title" record={shown} field="title" />
      ) : (
        <h1 className="page-title">{t('team.title')}</h1>
      )}
      {slug === 'core' ? (
        others.length > 0 && (
          <nav className="roster-links" aria-label={t('team.others')}>
            <ul>
              {others.map((roster) => {
                const title = localized(roster, 'title');
                return (
                  <li key={roster.slug}>
                    <NavLink className="button button-outline" to={`/team${roster.slug}`} lang={title.lang}>
                      {title.text}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
        )
      ) : (
        <p className="roster-back">
          <Link className="button button-outline" to="/team">
            {t('team.back')}
          </Link>
        </p>
      )}
      {shown && shown.members.length > 0 ? (
        <ul className="team-grid">
          <InRows
            items={shown.members}
            rowSize={ABOVE_THE_FOLD}
            render={(member, index) => (
              <li key={member._id}>
                <MemberCard member={member} eager={index < ABOVE_THE_FOLD} priority={index === 0} />
              </li>
            )}
          />
        </ul>
      ) : (
        <p className="page-intro">{t('team.empty')}</p>
      )}
    </div>
  );
}
