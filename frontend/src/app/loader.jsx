// The start-up loading screen: the club's logo and name in a breathing glow (index.html carries the same markup,
// so it shows before the script runs).
import './loader.css';
export function Loader() {
  return (
    <div className="loader" role="status">
      <div className="loader-mark">
        <span className="loader-lamp" />
        <img className="loader-logo" src="/art/logo-jyoti.svg" alt="" width="96" height="96" />
      </div>
      <p className="loader-name">Jyoti</p>
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
