// A form's own error line, for a refusal that names no single field (e.g. a duplicate), shown above the buttons.
import './form-message.css';

export function FormMessage({ children }) {
  return children ? <p className="form-message">{children}</p> : null;
}
