// One team member: photo, name, department and year, position, and the profile link when there is one.
import { ExternalLink } from '../../components/external-link.jsx';
import { Photo } from '../../components/photo.jsx';

/** `eager` for a card above the fold; `priority` for the first, whose photo is the page's largest paint. */
export function MemberCard({ member, eager = false, priority = false }) {
  const studies = [member.department, member.year].filter(Boolean).join(' · ');
  return (
    <article className="card member-card">
      <Photo photo={member.photo} alt={member.name} sizes="160px" eager={eager} priority={priority} />
      <div className="member-body">
        <h2>{member.name}</h2>
        {studies && <p className="member-studies">{studies}</p>}
        {member.position && <p className="member-position">{member.position}</p>}
        {member.link && (
          <ExternalLink className="member-link" href={member.link} hint={`profile of ${member.name}`}>
            LinkedIn
          </ExternalLink>
        )}
      </div>
    </article>
  );
}
