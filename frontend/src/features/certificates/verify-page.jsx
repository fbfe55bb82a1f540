// Certificate verification by number.
import { useState } from 'react';
import { Field } from '../../components/field.jsx';
import { FormActions } from '../../components/form-actions.jsx';
import { fetchCertificate } from './api.js';

export function VerifyPage() {
  const [number, setNumber] = useState('');
  const [result, setResult] = useState(null);
  const [checking, setChecking] = useState(false);

  const submit = async (event) => {
    event.preventDefault();
    setChecking(true);
    const response = await fetchCertificate(number.trim());
    setChecking(false);
    if (response.status === 0) return;
    setResult(response.ok && response.data?.name ? { name: response.data.name } : { invalid: true });
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
