// The admin area's first screen starts with what still shows the sample content a new site came with, each with a
// link to the screen that replaces it; once nothing is left, it shows nothing.
import { Link } from 'react-router-dom';
import { useApiData } from '../../../lib/api-hooks.js';
import { fetchSampleContentLeft } from '../api.js';
import './sample-content-left.css';

export function SampleContentLeft() {
  const { data } = useApiData(fetchSampleContentLeft);
  if (!Array.isArray(data) || data.length === 0) return null;
  return (
    <section className="sample-left" aria-label="Still sample content">
      <p>
        <strong>Still sample content.</strong> Visitors see these sample texts and drawings until you replace them:
      </p>
      <ul>
        {data.map((left) => (
          <li key={left.what}>
            <Link to={left.where}>{left.what}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
