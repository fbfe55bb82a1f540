// The admin area's first screen starts with what still shows the sample content a new site came with, each with a
// link to the screen that replaces it; once nothing is left, it shows nothing.
import { Link } from 'react-router-dom';
import { useApiData } from '../../../lib/api-hooks.js';
import { fetchSampleContentLeft } from '../api.js';
import './sample-content-left.css';

/** `usable(screen)` says whether the user may use an admin screen: only what they can replace is listed. */
export function SampleContentLeft({ usable }) {
  const { data } = useApiData(fetchSampleContentLeft);
  const left = Array.isArray(data) ? data.filter((item) => usable(item.where)) : [];
  if (left.length === 0) return null;
  return (
    <section className="sample-left" aria-label="Still sample content">
      <p>
        <strong>Still sample content.</strong> Visitors see these sample texts and drawings until you replace them:
      </p>
      <ul>
        {left.map((item) => (
          <li key={item.what}>
            <Link to={item.where}>{item.what}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
