// /invitation#token=…: the page an invitation links to (see link-token.js for where its secret travels). It says
// whom the link invites and as what, and, before anything is accepted, the role the account will have and the one it
// loses; a new member chooses a name and password, someone who has an account already types its password. Accepting
// signs them in, like a login, and opens the admin area. A refusal that would leave the site without an admin stays
// on the page as an error, not as a toast that is gone before it is read.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Field } from '../../components/field.jsx';
import { FormActions } from '../../components/form-actions.jsx';
import { LoadFailed } from '../../components/load-failed.jsx';
import { NewPasswordFields, usePasswordCopy } from '../../components/new-password-fields.jsx';
import { notifyRefusal, useForm } from '../../lib/api-hooks.js';
import { takeLinkToken } from '../../lib/link-token.js';
import { useSession } from '../../lib/session.js';
import { flashAfterReload } from '../../lib/toast.js';
import { acceptInvitation, fetchInvitationDetails } from './api.js';
import { roleChange, withArticle } from './roles.js';

/** Without a token there is nothing to ask the server (which would count the call as a failed sign-in). */
const NO_LINK = 'This address holds no invitation. Open the link from your invitation again, whole.';

export function InvitationPage() {
  const [token] = useState(takeLinkToken);
  const { state, retry } = useInvitation(token);

  let body;
  if (state.invitation) body = <AcceptForm token={token} invitation={state.invitation} />;
  else if (state.gone) body = <LinkGone sentence={state.gone} reason={state.reason} />;
  else if (state.failed) body = <LoadFailed what="The invitation" retry={retry} />;
  else body = <p className="page-loading">Loading…</p>;

  return (
    <div className="page">
      <h1 className="page-title">Join the Jyoti team</h1>
      {body}
    </div>
  );
}

/**
 * Why the link no longer works, in the server's words (used, withdrawn or expired, and whom to ask), with the way on:
 * a used link's owner logs in.
 */
function LinkGone({ sentence, reason }) {
  return (
    <div className="form-card invitation-gone">
      <p>{sentence}</p>
      {reason === 'used' && (
        <p>
          <Link className="button" to="/login">
            Log in
          </Link>
        </p>
      )}
    </div>
  );
}

/**
 * What the link is for: `state` is {invitation: {email, role, existingAccount, currentRole}}, {gone: the server's
 * sentence} for a link that no longer works, {failed: true} when the site could not be reached (`retry()` asks
 * again), or {}
 * while it loads.
 */
function useInvitation(token) {
  const [state, setState] = useState(token ? {} : { gone: NO_LINK });
  const load = useCallback(async () => {
    const response = await fetchInvitationDetails(token);
    if (response.ok) setState({ invitation: response.data });
    else if (response.status === 0) setState({ failed: true });
    else {
      setState({
        gone: response.data?.message || `The invitation could not be read (status ${response.status}).`,
        reason: response.data?.reason,
      });
    }
  }, [token]);

  useEffect(() => {
    if (token) load();
  }, [token, load]);

  return { state, retry: load };
}

/** The new account's name and password, or the existing account's own password; then the admin area. */
function AcceptForm({ token, invitation }) {
  const { storeToken } = useSession();
  const existing = invitation.existingAccount;
  const copy = usePasswordCopy('password');
  const initial = existing ? { password: '' } : { firstname: '', lastname: '', password: '', confirmPassword: '' };
  const { form, field, submit, busy, message } = useForm(initial, {
    check: existing ? undefined : copy.agree,
    send: ({ confirmPassword: _typedTwice, ...details }) => acceptInvitation(token, details),
    // 409: accepting would leave the site without an admin. The server's sentence stays beside the button (the
    // form's own error line); other refusals keep the usual toast as well.
    onRefusal: (response) => {
      if (response.status !== 409) notifyRefusal(response);
    },
    onSuccess: (response) => {
      // The whole app starts again signed in (as after a login); the toast waits for it.
      flashAfterReload(response.data?.msg || 'Welcome to the team!');
      storeToken(response.data?.token);
      window.location.href = '/admin';
    },
  });

  return (
    <form className="form-card" onSubmit={submit}>
      <p>You are invited to join the Jyoti team as {withArticle(invitation.role)}.</p>
      <RoleChange invitation={invitation} />
      <Field label="Email" type="email" name="email" value={invitation.email} readOnly autoComplete="username" />
      {existing ? (
        <>
          <p>This email has an account already. Sign in with your password to accept.</p>
          <Field label="Password" type="password" {...field('password')} required autoComplete="current-password" />
        </>
      ) : (
        <>
          <Field label="First name" {...field('firstname')} required maxLength={100} autoComplete="given-name" />
          <Field label="Last name" {...field('lastname')} maxLength={100} autoComplete="family-name" />
          <NewPasswordFields field={field} name="password" mismatch={copy.mismatch(form)} />
        </>
      )}
      <FormActions submitLabel="Accept invitation" busy={busy} message={message} />
    </form>
  );
}

/** The role the account will have, and the one it loses, in bold when it loses one. */
function RoleChange({ invitation }) {
  const { sentence, loses } = roleChange(invitation);
  return <p>{loses ? <strong>{sentence}</strong> : sentence}</p>;
}
