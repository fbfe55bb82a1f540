// The second step of a login, for an account with a second factor: the 6-digit code of its authenticator app, its
// passkey, or one of its recovery codes, whichever it has (the ticket's `methods`). The focus comes to the step's
// heading; a wrong code is said beside its box, which empties for the next try; an expired ticket goes back to the
// password.
import { useEffect, useRef, useState } from 'react';
import { Field } from '../../components/field.jsx';
import { FormActions, refusalIn } from '../../components/form-actions.jsx';
import { useT } from '../../lib/i18n.js';
import { passkeysSupported } from '../../lib/passkeys.js';
import { loginSecondFactor } from './api.js';
import { notifyPasskeyRefused, signInWithPasskey, useSignedIn } from './signed-in.js';

/** The server's refusals of a code, in the catalog's words on a Bengali page. */
const CODE_REFUSALS = { 400: 'auth.second.expired', 401: 'auth.second.wrong', 429: 'auth.second.locked' };
const codeMeaning = ({ status }) => CODE_REFUSALS[status];

/**
 * `ticket` and `methods` are the login's answer; `onBack(why)` goes back to the password form (`why`, when given, is
 * said in a toast: the ticket expired).
 */
export function SecondStep({ ticket, methods, onBack }) {
  const t = useT();
  const signedIn = useSignedIn();
  // Which code the box takes: the app's ('totp'), a recovery code ('recovery'), or none yet (a passkey first).
  const [kind, setKind] = useState(methods.includes('totp') ? 'totp' : null);
  const [code, setCode] = useState('');
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);

  const heading = useRef(null);
  useEffect(() => heading.current.focus(), []);
  const box = useRef(null);
  const focusBox = () => box.current?.querySelector('input')?.focus();
  // The button that switched the box is gone once it has: the focus goes into the box it asked for.
  const switched = useRef(false);
  const switchTo = (next) => {
    switched.current = true;
    setKind(next);
    setCode('');
    setError(null);
  };
  useEffect(() => {
    if (switched.current) focusBox();
  }, [kind]);

  const send = async (event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const typed = kind === 'totp' ? code.replace(/\s/g, '') : code.trim();
    const response = await loginSecondFactor(ticket, typed);
    setBusy(false);
    if (response.ok && response.data?.token) {
      signedIn(response.data);
      return;
    }
    if (response.status === 0) {
      setError(t('form.noConnection'));
      return;
    }
    const refusal = { status: response.status, message: response.data?.message ?? '', errors: response.data?.errors };
    const english = refusal.errors?.code ?? (refusal.message || t('auth.second.wrong'));
    const said = refusalIn(t.lang, refusal, english, codeMeaning);
    if (response.status === 400 && !refusal.errors?.code) {
      onBack(said);
      return;
    }
    setError(said);
    setCode('');
    focusBox();
  };

  const passkey = async () => {
    setBusy(true);
    const answer = await signInWithPasskey(ticket);
    setBusy(false);
    const { response } = answer;
    if (response?.ok && response.data?.token) signedIn(response.data);
    // The ticket (or the passkey's challenge) has expired: only the password again starts a new one.
    else if (response?.status === 400) {
      const refusal = { status: 400, message: response.data?.message ?? '' };
      onBack(refusalIn(t.lang, refusal, refusal.message || t('auth.second.expired'), codeMeaning));
    } else notifyPasskeyRefused(t, answer);
  };

  const intro =
    { totp: 'auth.second.totpHelp', recovery: 'auth.second.recoveryHelp' }[kind] ?? 'auth.second.passkeyHelp';
  return (
    <section className="form-card" aria-labelledby="second-step-title">
      <h2 id="second-step-title" ref={heading} tabIndex={-1}>
        {t('auth.second.title')}
      </h2>
      <p>{t(intro)}</p>
      {kind && (
        <form onSubmit={send} ref={box}>
          <Field
            key={kind}
            label={t(kind === 'totp' ? 'auth.second.code' : 'auth.second.recoveryCode')}
            name="code"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
            error={error ?? undefined}
            required
            autoComplete={kind === 'totp' ? 'one-time-code' : 'off'}
            inputMode={kind === 'totp' ? 'numeric' : 'text'}
            maxLength={kind === 'totp' ? 8 : 40}
            autoCapitalize="none"
            spellCheck={false}
          />
          <FormActions submitLabel={t('auth.second.submit')} busy={busy} />
        </form>
      )}
      <div className="form-alternative">
        {methods.includes('passkey') && passkeysSupported() && (
          <button type="button" className={kind ? 'button button-outline' : 'button'} onClick={passkey} disabled={busy}>
            {t('auth.second.usePasskey')}
          </button>
        )}
        {methods.includes('recovery') && kind !== 'recovery' && (
          <button type="button" className="button button-outline" onClick={() => switchTo('recovery')}>
            {t('auth.second.useRecovery')}
          </button>
        )}
        {kind === 'recovery' && methods.includes('totp') && (
          <button type="button" className="button button-outline" onClick={() => switchTo('totp')}>
            {t('auth.second.useApp')}
          </button>
        )}
        <button type="button" className="button button-outline" onClick={() => onBack()}>
          {t('auth.second.back')}
        </button>
      </div>
    </section>
  );
}
