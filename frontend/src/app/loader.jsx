// The start-up loading screen: the club's logo and name in a breathing glow (index.html carries the same markup,
// so it shows before the script runs, with the logo an admin chose).
import './loader.css';

/** The logo the server put in the page's own loader (an admin's upload, or our drawing), and its words in the page's
 * language, read before the app first renders over it: the loader shows before any catalog is in. */
const logo = document.querySelector('.loader-logo')?.getAttribute('src');
const name = document.querySelector('.loader-name')?.textContent || 'Jyoti';
const loading = document.querySelector('.loader .visually-hidden')?.textContent || 'Loading';

export function Loader() {
  return (
    <div className="loader" role="status">
      <div className="loader-mark">
        <span className="loader-lamp" />
        <img
          className="loader-logo"
          src={logo}
          alt=""
          width="96"
          height="96"
        />
      </div>
      <p className="loader-name">{name}</p>
      <span className="visually-hidden">{loading}</span>
    </div>
  );
}
