// The start-up loading animation (index.html carries the same markup so it shows before the script runs).
import './loader.css';
export function Loader() {
  return (
    <div className="loader" role="status">
      <span className="loader-lamp" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
