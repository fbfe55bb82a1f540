// A labelled form control with its error message beside it (wired with aria-describedby).
import { useId } from 'react';
import './form.css';

/**
 * `as` is 'input' (default), 'textarea' or 'select'; other props go to the control.
 * `error` is the server's reason for refusing this field, if any.
 */
export function Field({ label, error, as: Control = 'input', children, ...controlProps }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Control
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...controlProps}
      >
        {children}
      </Control>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
