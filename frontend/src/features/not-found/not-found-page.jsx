// The 404 page for any path the site does not know.
export { NotFound as NotFoundPage } from '../../components/not-found.jsx';
