// /admin/certificates: every certificate with delete, and the popup that issues a new one.
import { useState } from 'react';
import { DataTable } from '../../../components/admin/data-table.jsx';
import { Field } from '../../../components/field.jsx';
import { FormMessage } from '../../../components/form-message.jsx';
import { Modal } from '../../../components/modal.jsx';
import { deleteAfterConfirm, useApiData, useApiSubmit } from '../../../lib/api-hooks.js';
import { notify } from '../../../lib/toast.js';
import { createCertificate, deleteCertificate, fetchCertificates } from '../api.js';

const columns = ['Name', 'Certificate No.', 'Delete'];

export function CertificatesPage() {
  const { data: certificates, loadFailed, reload } = useApiData(fetchCertificates);
  const [creating, setCreating] = useState(false);

  const remove = (certificate) =>
    deleteAfterConfirm(
      `Delete certificate ${certificate.certinumber} of ${certificate.name}?`,
      () => deleteCertificate(certificate._id),
      'Certificate Deleted',
      reload,
    );

  const created = () => {
    setCreating(false);
    reload();
  };

  const createButton = (
    <button type="button" className="button" onClick={() => setCreating(true)}>
      Create
    </button>
  );

  return (
    <>
      <DataTable
        title="Certificates"
        actions={createButton}
        columns={columns}
        rows={certificates}
        loadFailed={loadFailed}
        empty="No certificates yet."
      >
        {(certificate) => (
          <tr key={certificate._id}>
            <td>{certificate.name}</td>
            <td>{certificate.certinumber}</td>
            <td>
              <button type="button" className="button button-small button-danger" onClick={() => remove(certificate)}>
                Delete<span className="visually-hidden"> certificate {certificate.certinumber}</span>
              </button>
            </td>
          </tr>
        )}
      </DataTable>
      <Modal open={creating} title="Create Certificate" onClose={() => setCreating(false)}>
        <CreateCertificateForm onCreated={created} onCancel={() => setCreating(false)} />
      </Modal>
    </>
  );
}

function CreateCertificateForm({ onCreated, onCancel }) {
  const [form, setForm] = useState({ name: '', certinumber: '' });
  const { submit, busy, errors, message } = useApiSubmit(
    () => createCertificate({ name: form.name, certinumber: Number(form.certinumber) }),
    () => {
      notify.success('Certificate Created');
      onCreated();
    },
  );

  const change = (event) => setForm({ ...form, [event.target.name]: event.target.value });

  return (
    <form onSubmit={submit}>
      <Field label="Name" name="name" value={form.name} onChange={change} error={errors.name} required maxLength={100} />
      <Field
        label="Certificate number"
        name="certinumber"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={form.certinumber}
        onChange={change}
        error={errors.certinumber}
        required
      />
      <FormMessage>{message}</FormMessage>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          Send
        </button>
        <button type="button" className="button button-outline" onClick={onCancel}>
          Close
        </button>
      </div>
    </form>
  );
}
