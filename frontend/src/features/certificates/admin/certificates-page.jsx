// /admin/certificates: the certificates a page at a time, searched by holder or number, with delete, and the popup
// that issues a new one.
import { DeleteButton } from '../../../components/admin/delete-button.jsx';
import { FormDialog } from '../../../components/admin/form-dialog.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { usePagedList } from '../../../components/admin/use-paged-list.js';
import { Field } from '../../../components/field.jsx';
import { createCertificate, deleteCertificate, fetchCertificates } from '../api.js';

const sorts = [
  { value: 'newest', label: 'Newest first' },
  { value: 'number', label: 'Certificate number' },
  { value: 'name', label: 'Name' },
];

const issue = (form) => createCertificate({ name: form.name, certinumber: Number(form.certinumber) });

export function CertificatesPage() {
  const list = usePagedList(fetchCertificates, { sorts });

  const columns = [
    { header: 'Name', cell: (certificate) => certificate.name },
    { header: 'Certificate No.', cell: (certificate) => certificate.certinumber },
    {
      header: 'Delete',
      action: true,
      cell: (certificate) => (
        <DeleteButton
          rowName={`certificate ${certificate.certinumber}`}
          question={`Delete certificate ${certificate.certinumber} of ${certificate.name}?`}
          remove={() => deleteCertificate(certificate._id)}
          success="Certificate Deleted"
          onDeleted={list.reload}
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
      onSaved={list.reload}
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
    <PagedTable
      title="Certificates"
      actions={createButton}
      list={list}
      noun="certificate"
      searchLabel="Search by name or number"
      columns={columns}
      empty="No certificates yet."
    />
  );
}
