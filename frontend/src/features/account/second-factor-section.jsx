// The Account page's "Second factor": an authenticator app, passkeys and recovery codes, each added or removed here.
// The first factor added brings the 10 recovery codes, shown once in a panel to copy, download or print. When the
// site requires staff to have one and this account has none, the section says so and comes into view (a login or
// the admin area sends the person here, to #second-factor).
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadFailed } from '../../components/load-failed.jsx';
import { useApiData } from '../../lib/api-hooks.js';
import { useT } from '../../lib/i18n.js';
import { fetchSecondFactor } from './api.js';
import { AuthenticatorApp } from './authenticator-app.jsx';
import { Passkeys } from './passkeys.jsx';
import { RecoveryCodes, RecoveryCodesPanel } from './recovery-codes.jsx';
import './second-factor.css';

export function SecondFactorSection() {
  const { data, loadFailed, reload } = useApiData(fetchSecondFactor);
  const [codes, setCodes] = useState(null);
  const { hash } = useLocation();
  const t = useT();

  // Brought into view once what the account has is known, when asked for or required.
  const section = useRef(null);
  const heading = useRef(null);
  const shown = useRef(false);
  const wanted = Boolean(data) && (data.mustSetUp || hash === '#second-factor');
  useEffect(() => {
    if (!wanted || shown.current) return;
    shown.current = true;
    section.current.scrollIntoView({ block: 'start' });
    heading.current.focus({ preventScroll: true });
  }, [wanted]);

  /** A factor was added: what it answered may hold the first recovery codes. */
  const added = (response) => {
    const fresh = response.data?.recoveryCodes;
    if (Array.isArray(fresh) && fresh.length > 0) setCodes(fresh);
    reload();
  };
  const codesKept = () => {
    setCodes(null);
    heading.current.focus();
  };

  let body;
  if (data) {
    const hasFactor = data.totp || data.passkeys.length > 0;
    body = (
      <>
        {codes && <RecoveryCodesPanel codes={codes} onDone={codesKept} />}
        <AuthenticatorApp on={data.totp} onAdded={added} onRemoved={reload} />
        <Passkeys passkeys={data.passkeys} onAdded={added} onChanged={reload} />
        <RecoveryCodes
          left={data.recoveryCodesLeft}
          hasFactor={hasFactor}
          onNew={(fresh) => {
            setCodes(fresh);
            reload();
          }}
        />
      </>
    );
  } else if (loadFailed) {
    body = <LoadFailed what={t('account.sf.what')} retry={reload} />;
  } else {
    body = <p>{t('common.loading')}</p>;
  }

  return (
    <section className="form-card second-factor" id="second-factor" ref={section} aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" ref={heading} tabIndex={-1}>
        {t('account.sf.title')}
      </h2>
      {data?.mustSetUp && <p className="form-notice">{t('account.sf.required')}</p>}
      <p>{t('account.sf.intro')}</p>
      {body}
    </section>
  );
}
