// The password one has (for a password manager to fill), and a new one typed twice: the two boxes, and the check
// that they agree before the form is sent.
import { useState } from 'react';
import { useT } from '../lib/i18n.js';
import { Field } from './field.jsx';

/**
 * For a form whose new password is the field `name` and its copy `confirmPassword`: `agree(values)` is the form's
 * check (false stops the send), `mismatch(values)` whether to say the copy differs (only once a send was tried, and
 * no longer once they agree).
 */
export function usePasswordCopy(name) {
  const [tried, setTried] = useState(false);
  return {
    agree: (values) => {
      setTried(true);
      return values[name] === values.confirmPassword;
    },
    mismatch: (values) => tried && values[name] !== values.confirmPassword,
  };
}

/** The two boxes; `field` is useForm's, `mismatch` says the copy differs. */
export function NewPasswordFields({ field, name, mismatch }) {
  const t = useT();
  return (
    <>
      <Field
        label={t('form.newPassword')}
        type="password"
        {...field(name)}
        required
        minLength={8}
        maxLength={72}
        autoComplete="new-password"
      />
      <Field
        label={t('form.confirmPassword')}
        type="password"
        {...field('confirmPassword')}
        error={mismatch ? t('form.passwordMismatch') : undefined}
        required
        autoComplete="new-password"
      />
    </>
  );
}

/** The password the account has now; props go to the Field (label, useForm's field, required). */
export function CurrentPasswordField(props) {
  return <Field type="password" autoComplete="current-password" {...props} />;
}
