// /admin/certificates: every certificate with delete, and the popup that issues a new one.
import { DataTable, useTableRows } from '../../../components/admin/data-table.jsx';
import { DeleteButton } from '../../../components/admin/delete-button.jsx';
import { FormDialog } from '../../../components/admin/form-dialog.jsx';
import { Field } from '../../../components/field.jsx';
import { createCertificate, deleteCertificate, fetchCertificates } from '../api.js';

const issue = (form) => createCertificate({ name: form.name, certinumber: Number(form.certinumber) });

export function CertificatesPage() {
  const { reload, ...list } = useTableRows(fetchCertificates);

  const columns = [
    { header: 'Name', cell: (certificate) => certificate.name },
    { header: 'Certificate No.', cell: (certificate) => certificate.certinumber },
    {
      header: 'Delete',
      cell: (certificate) => (
        <DeleteButton
          rowName={`certificate ${certificate.certinumber}`}
          question={`Delete certificate ${certificate.certinumber} of ${certificate.name}?`}
          remove={() => deleteCertificate(certificate._id)}
          success="Certificate Deleted"
          onDeleted={reload}
        />
      ),
    },
  ];

  const createButton = (
    <FormDialog
      button="Create"
      title="Create Certificate"
      initial={{ name: '', certinumber: '' }}
      send={issue}
      success="Certificate Created"
      onSaved={reload}
    >
      {({ field }) => (
        <>
          <Field label="Name" {...field('name')} required maxLength={100} />
          <Field
            label="Certificate number"
            {...field('certinumber')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
          />
        </>
      )}
    </FormDialog>
  );

  return (
    <DataTable title="Certificates" actions={createButton} columns={columns} empty="No certificates yet." {...list} />
  );
}
