// Certificate verification by number: typed in at /verify, or checked as soon as /verify/{number} opens (the link a
// printed certificate's QR code or a shared message carries).
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Field } from '../../components/field.jsx';
import { FormActions } from '../../components/form-actions.jsx';
import { fetchCertificate } from './api.js';

export function VerifyPage() {
  const { number: linked } = useParams();
  const [number, setNumber] = useState(linked ?? '');
  const [result, setResult] = useState(null);
  const [checking, setChecking] = useState(false);

  const verify = async (asked) => {
    setChecking(true);
    const response = await fetchCertificate(asked.trim());
    setChecking(false);
    if (response.status === 0) return;
    const found = response.ok && response.data?.name ? response.data : null;
    if (!found) setResult({ invalid: true });
    // A revoked certificate is never shown as valid: only its number and since when it is void.
    else if (found.revokedOn) setResult({ revoked: found.revokedOn, number: found.certinumber });
    else setResult({ name: found.name, event: found.event, issuedOn: found.issuedOn });
  };

  useEffect(() => {
    if (linked === undefined) return;
    setNumber(linked);
    verify(linked);
  }, [linked]);

  const submit = (event) => {
    event.preventDefault();
    verify(number);
  };

  return (
    <div className="page">
      <h1 className="page-title">Verify authenticity of certificate</h1>
      <form className="form-card" onSubmit={submit}>
        <Field
          label="Certificate number"
          name="certinumber"
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          required
        />
        <FormActions submitLabel="Verify" busy={checking} />
        <div role="status" className="form-result">
          {result?.name && (
            <>
              <p>
                This Certificate belongs to <strong>{result.name}</strong>
              </p>
              {(result.event || result.issuedOn) && (
                <p>
                  {[result.event, result.issuedOn && `issued on ${result.issuedOn}`].filter(Boolean).join(', ')}
                </p>
              )}
            </>
          )}
          {result?.revoked && (
            <p className="field-error">
              Certificate {result.number} was revoked on {result.revoked}: it is no longer valid.
            </p>
          )}
          {result?.invalid && <p className="field-error">Please enter a valid Certificate Number</p>}
        </div>
      </form>
    </div>
  );
}
