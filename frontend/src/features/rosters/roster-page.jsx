// A team roster page: /team shows the core team and buttons to every other roster; /team{slug} shows that roster.
import { Link, NavLink } from 'react-router-dom';
import { InRows } from '../../components/after-first-paint.jsx';
import { rosterList, useContent } from '../../lib/content.js';
import { MemberCard } from './member-card.jsx';
import './roster-page.css';

// The first row of the widest grid (five cards) is above the fold: its photos load at once, the rest when
// scrolled to; on the app's first page, the rest is also drawn later, a row a paint.
const ABOVE_THE_FOLD = 5;

export function RosterPage({ slug }) {
  const { teams } = useContent();
  const shown = teams[slug];
  const others = rosterList(teams).filter((roster) => roster.slug !== 'core');

  return (
    <div className="page">
      <h1 className="page-title">{shown?.title ?? 'Our Team'}</h1>
      {slug === 'core' ? (
        others.length > 0 && (
          <nav className="roster-links" aria-label="Teams of other years">
            <ul>
              {others.map((roster) => (
                <li key={roster.slug}>
                  <NavLink className="button button-outline" to={`/team${roster.slug}`}>
                    {roster.title}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )
      ) : (
        <p className="roster-back">
          <Link className="button button-outline" to="/team">
            Back to the core team
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
        <p className="page-intro">No members are listed yet.</p>
      )}
    </div>
  );
}
