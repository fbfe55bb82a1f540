// The Edit link of an admin table's row, to the row's edit page: a link (it opens a page), drawn as a button like
// every other Edit, and plainly apart from the red Delete.
import { Link } from 'react-router-dom';

/** `rowName` completes the link's name for screen readers (which row). */
export function EditLink({ to, rowName }) {
  return (
    <Link to={to} className="button button-small button-outline">
      Edit<span className="visually-hidden"> {rowName}</span>
    </Link>
  );
}
