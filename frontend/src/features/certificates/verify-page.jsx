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
    setResult(response.ok && response.data?.name ? { name: response.data.name } : { invalid: true });
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
            <p>
              This Certificate belongs to <strong>{result.name}</strong>
            </p>
          )}
          {result?.invalid && <p className="field-error">Please enter a valid Certificate Number</p>}
        </div>
      </form>
    </div>
  );
}
