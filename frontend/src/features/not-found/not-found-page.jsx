// The 404 page for any path the site does not know.
import { Link } from 'react-router-dom';
import './not-found.css';

export function NotFoundPage() {
  return (
    <div className="page not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Sorry, We couldn&apos;t find what you are looking for!</h1>
      <Link className="button" to="/">
        Go back
      </Link>
    </div>
  );
}
