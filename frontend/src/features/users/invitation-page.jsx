// /invitation#token=…: the page an invitation links to (see link-token.js for where its secret travels). It says
// whom the link invites and as what, and, before anything is accepted, the role the account will have and the one it
// loses; a new member chooses a name and password, someone who has an account already types its password. Accepting
// signs them in, like a login, and opens the admin area. A refusal that would leave the site without an admin stays
// on the page as an error, not as a toast that is gone before it is read.
import { useCallback, useEffect, useState } from 'react';
import { Field, latinOn } from '../../components/field.jsx';
import { FormActions, notifyRefusalIn, refusalIn } from '../../components/form-actions.jsx';
import { LoadFailed } from '../../components/load-failed.jsx';
import { CurrentPasswordField, NewPasswordFields, usePasswordCopy } from '../../components/password-fields.jsx';
import { useForm } from '../../lib/api-hooks.js';
import { useT } from '../../lib/i18n.js';
import { takeLinkToken } from '../../lib/link-token.js';
import { Link } from '../../lib/local-links.jsx';
import { useSession } from '../../lib/session.js';
import { flashAfterReload } from '../../lib/toast.js';
import { acceptInvitation, fetchInvitationDetails } from './api.js';

/** Without a token there is nothing to ask the server (which would count the call as a failed sign-in). */
const NO_LINK = { reason: 'noLink' };

/** Why a link no longer works, as the server names it: the catalog's sentence for each. */
const GONE = ['used', 'withdrawn', 'expired', 'unknown'];

export function InvitationPage() {
  const [token] = useState(takeLinkToken);
  const { state, retry } = useInvitation(token);
  const t = useT();

  let body;
  if (state.invitation) body = <AcceptForm token={token} invitation={state.invitation} />;
  else if (state.gone) body = <LinkGone gone={state.gone} />;
  else if (state.failed) body = <LoadFailed what={t('invitation.what')} retry={retry} />;
  else body = <p className="page-loading">{t('common.loading')}</p>;

  return (
    <div className="page">
      <h1 className="page-title">{t('invitation.title')}</h1>
      {body}
    </div>
  );
}

/**
 * Why the link no longer works (used, withdrawn or expired, and whom to ask), in the server's words on an English
 * page and the catalog's on a Bengali one: `gone` is {message, reason, status} (see goneSentence).
 */
function LinkGone({ gone }) {
  const t = useT();
  return (
    <div className="form-card invitation-gone">
      <p>{goneSentence(t, gone)}</p>
      {gone.reason === 'used' && (
        <p>
          <Link className="button" to="/login">
            {t('invitation.login')}
          </Link>
        </p>
      )}
    </div>
  );
}

/**
 * What a link that no longer works says: `message` is the server's sentence, `reason` why ('used', 'withdrawn',
 * 'expired', 'unknown'; 'noLink' for an address without one), `status` its status when neither is known.
 */
function goneSentence(t, { message, reason, status }) {
  if (reason === 'noLink') return t('invitation.noLink');
  if (t.lang === 'en' && message) return message;
  if (!GONE.includes(reason)) {
    if (t.lang === 'en' || !message) return t('invitation.unreadable', { status });
    return latinOn(t.lang, message) ? <span lang="en">{message}</span> : message;
  }
  if (reason === 'used') return t('invitation.gone.used');
  // The admin who sent it, by name, as the server's sentence has it.
  const by = reason !== 'unknown' && message?.match(/Ask (.+) \(or another admin of the site\) for a new link\.$/)?.[1];
  if (!by) return `${t(`invitation.gone.${reason}`)} ${t('invitation.askAdmin')}`;
  return (
    <>
      {t(`invitation.gone.${reason}`)} {t.parts('invitation.askSender', { by: <span lang={latinOn(t.lang, by)}>{by}</span> })}
    </>
  );
}

/**
 * What the link is for: `state` is {invitation: {email, role, existingAccount, currentRole}}, {gone: {message,
 * reason, status}} for a link that no longer works, {failed: true} when the site could not be reached (`retry()`
 * asks again), or {} while it loads.
 */
function useInvitation(token) {
  const [state, setState] = useState(token ? {} : { gone: NO_LINK });
  const load = useCallback(async () => {
    const response = await fetchInvitationDetails(token);
    if (response.ok) setState({ invitation: response.data });
    else if (response.status === 0) setState({ failed: true });
    else {
      setState({
        gone: { message: response.data?.message, reason: response.data?.reason, status: response.status },
      });
    }
  }, [token]);

  useEffect(() => {
    if (token) load();
  }, [token, load]);

  return { state, retry: load };
}

/** A role as the invitation names it: "an admin", "an editor" (see roles.js, which the admin screens use). */
const roleName = (t, role) => t(role === 'admin' ? 'invitation.role.admin' : 'invitation.role.editor');

/**
 * What accepting the invitation does to an existing account, said before it is accepted: {sentence, loses} (as
 * roles.js's roleChange, in the page's language). The role it brings is said once, by the line above; this says what
 * the account has now ("Your account is an admin now and stops being one.", `loses` then being true), and nothing
 * for a new account.
 */
function roleChangeIn(t, { role, currentRole }) {
  if (!currentRole) return { sentence: '', loses: false };
  if (currentRole === role) return { sentence: t('invitation.already', { role: roleName(t, role) }), loses: false };
  if (currentRole !== 'admin' && currentRole !== 'editor') return { sentence: t('invitation.noRole'), loses: false };
  return { sentence: t('invitation.loses', { role: roleName(t, currentRole) }), loses: true };
}

/** The new account's name and password, or the existing account's own password; then the admin area. */
function AcceptForm({ token, invitation }) {
  const { storeToken } = useSession();
  const t = useT();
  const existing = invitation.existingAccount;
  const copy = usePasswordCopy('password');
  const [gone, setGone] = useState(null);
  const initial = existing ? { password: '' } : { firstname: '', lastname: '', password: '', confirmPassword: '' };
  // In Bengali: 409 is the last admin leaving; a link gone meanwhile says why in the toast (beside the button,
  // whom to ask as well).
  const meaning = ({ status, reason }) => {
    if (status === 409) return 'invitation.lastAdmin';
    return GONE.includes(reason) ? `invitation.gone.${reason}` : undefined;
  };
  const { form, field, submit, busy, message, status, errors } = useForm(initial, {
    check: existing ? undefined : copy.agree,
    send: ({ confirmPassword: _typedTwice, ...details }) => acceptInvitation(token, details),
    // 409: accepting would leave the site without an admin. The server's sentence stays beside the button (the
    // form's own error line); other refusals keep the usual toast as well.
    onRefusal: (response) => {
      const reason = response.data?.reason;
      setGone(GONE.includes(reason) ? { message: response.data.message, reason } : null);
      if (response.status !== 409) notifyRefusalIn(t.lang, response, meaning);
    },
    onSuccess: (response) => {
      // The whole app starts again signed in (as after a login); the toast waits for it.
      flashAfterReload(t.lang === 'en' ? response.data?.msg || t('invitation.welcome') : t('invitation.welcome'));
      storeToken(response.data?.token);
      window.location.href = '/admin';
    },
  });
  let refusal = message && refusalIn(t.lang, { status, message, errors }, message, meaning);
  if (message && gone && t.lang !== 'en') refusal = goneSentence(t, gone);

  return (
    <form className="form-card" onSubmit={submit}>
      <p>{t('invitation.invited', { role: roleName(t, invitation.role) })}</p>
      <RoleChange invitation={invitation} />
      <Field
        label={t('invitation.email')}
        type="email"
        name="email"
        value={invitation.email}
        readOnly
        autoComplete="username"
      />
      {existing ? (
        <>
          <p>{t('invitation.existing')}</p>
          <CurrentPasswordField label={t('invitation.password')} {...field('password')} required />
        </>
      ) : (
        <>
          <Field
            label={t('invitation.firstname')}
            {...field('firstname')}
            required
            maxLength={100}
            autoComplete="given-name"
          />
          <Field label={t('invitation.lastname')} {...field('lastname')} maxLength={100} autoComplete="family-name" />
          <NewPasswordFields field={field} name="password" mismatch={copy.mismatch(form)} />
        </>
      )}
      <FormActions submitLabel={t('invitation.accept')} busy={busy} message={refusal} />
    </form>
  );
}

/** The role the account will have, and the one it loses, in bold when it loses one. */
function RoleChange({ invitation }) {
  const { sentence, loses } = roleChangeIn(useT(), invitation);
  if (!sentence) return null;
  return <p>{loses ? <strong>{sentence}</strong> : sentence}</p>;
}
