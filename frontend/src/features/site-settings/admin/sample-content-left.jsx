// The admin area's first screen starts with what still shows the sample content a new site came with, each with a
// link to the screen that replaces it; once nothing is left, it shows nothing.
import { Link } from 'react-router-dom';
import { useApiData } from '../../../lib/api-hooks.js';
import { fetchSampleContentLeft } from '../api.js';
import './sample-content-left.css';

/** Under this many items left, a `collapsible` list folds into one line. */
const FOLD_UNDER = 3;

/**
 * `usable(screen)` says whether the user may use an admin screen: only what they can replace is listed.
 * `collapsible` (the dashboard): once fewer than three are left, the list is one line that opens.
 */
export function SampleContentLeft({ usable, collapsible = false }) {
  const { data } = useApiData(fetchSampleContentLeft);
  const left = Array.isArray(data) ? data.filter((item) => usable(item.where)) : [];
  if (left.length === 0) return null;
  const links = (
    <ul>
      {left.map((item) => (
        <li key={item.what}>
          <Link to={item.where}>{item.what}</Link>
        </li>
      ))}
    </ul>
  );
  if (collapsible && left.length < FOLD_UNDER) {
    return (
      <section className="sample-left" aria-label="Still sample content">
        <details>
          <summary>
            <strong>Still sample content:</strong> {left.length} {left.length === 1 ? 'thing' : 'things'} to replace
          </summary>
          {links}
        </details>
      </section>
    );
  }
  return (
    <section className="sample-left" aria-label="Still sample content">
      <p>
        <strong>Still sample content.</strong> Until you fill these in, parents miss what is empty and visitors see the sample texts and drawings:
      </p>
      {links}
    </section>
  );
}
