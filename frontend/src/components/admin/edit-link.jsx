// The Edit link of an admin table's row, to the row's edit page.
import { Link } from 'react-router-dom';

/** `rowName` completes the link's name for screen readers (which row). */
export function EditLink({ to, rowName }) {
  return (
    <Link to={to}>
      Edit<span className="visually-hidden"> {rowName}</span>
    </Link>
  );
}
