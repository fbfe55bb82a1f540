// /admin/certificates: the certificates a page at a time, searched by holder or number, each with its printable QR
// code, a correction of its name, event or date (the number stays: printed codes carry it), revoke (or make valid
// again) and delete, and the popup that issues a new one under the next free number.
import { useEffect, useState } from 'react';
import { BengaliField, bengaliValues, sendWithBengali } from '../../../components/admin/bengali-fields.jsx';
import { deleteColumn } from '../../../components/admin/delete-button.jsx';
import { HistoryPanel } from '../../../components/admin/history-panel.jsx';
import { FormDialog } from '../../../components/admin/form-dialog.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { BY_NAME, NEWEST_FIRST, usePagedList } from '../../../components/admin/use-paged-list.js';
import { Field } from '../../../components/field.jsx';
import { notifyDone, notifyRefusal } from '../../../lib/api-hooks.js';
import {
  createCertificate,
  deleteCertificate,
  exportCertificates,
  fetchCertificates,
  fetchNextNumber,
  setRevoked,
  updateCertificate,
} from '../api.js';
import { CertificateImportButton } from './certificate-import.jsx';
import { CertificateQrButton } from './certificate-qr.jsx';

const sorts = [NEWEST_FIRST, { value: 'number', label: 'Certificate number' }, BY_NAME];

const issue = (form) =>
  createCertificate({
    name: form.name,
    certinumber: Number(form.certinumber),
    event: form.event,
    issuedOn: form.issuedOn,
  });

/**
 * `send(form)` with the event's Bengali stored after it: one Bengali for every certificate of that event, so it is
 * keyed by the event's English as saved. `before` are the form's first values.
 */
const withEventBengali = (send, before) =>
  sendWithBengali({ kind: 'event', names: ['event'], send, recordOf: (_, form) => form.event.trim(), before });

/** The event's Bengali, which every certificate of the event shares: after the spec's fields, so the keyboard goes
 * through those as before. */
const eventInBengali = (field) => (
  <BengaliField
    label="অনুষ্ঠান বা কোর্স"
    name="event"
    field={field}
    maxLength={200}
    placeholder="One Bengali for every certificate of this event"
  />
);

/** Today in the admin's own calendar, YYYY-MM-DD. */
const today = () => {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** Revoke (a popup asking from when, today by default), or for a revoked certificate, make it valid again. */
function RevocationButton({ certificate, onChanged }) {
  const [busy, setBusy] = useState(false);
  if (certificate.revokedOn) {
    const restore = async () => {
      if (busy || !window.confirm(`Make certificate ${certificate.certinumber} valid again?`)) return;
      setBusy(true);
      const response = await setRevoked(certificate._id, false);
      setBusy(false);
      if (!response.ok) return notifyRefusal(response);
      notifyDone(response, 'Certificate valid again');
      onChanged();
    };
    return (
      <button type="button" className="button button-small" onClick={restore} aria-busy={busy || undefined}>
        Make valid<span className="visually-hidden"> certificate {certificate.certinumber}</span>
      </button>
    );
  }
  return (
    <FormDialog
      button="Revoke"
      rowName={`certificate ${certificate.certinumber}`}
      title={`Revoke certificate ${certificate.certinumber}`}
      submitLabel="Revoke"
      initial={{ revokedOn: today() }}
      send={(form) => setRevoked(certificate._id, true, form.revokedOn)}
      success="Certificate Revoked"
      onSaved={onChanged}
    >
      {({ field }) => (
        <>
          <p>
            {certificate.name} — once revoked, its number verifies as revoked, never as valid.
          </p>
          <Field label="Revoked on" {...field('revokedOn')} type="date" required />
        </>
      )}
    </FormDialog>
  );
}

/** Edit: the holder's name, the event and the date; the number is shown, fixed. */
function EditButton({ certificate, onSaved }) {
  const initial = {
    name: certificate.name,
    event: certificate.event ?? '',
    issuedOn: certificate.issuedOn ?? '',
    ...bengaliValues(['event'], certificate),
  };
  const changes = (form) => Object.fromEntries(Object.entries(form).filter(([key, value]) => value !== initial[key]));
  return (
    <FormDialog
      button="Edit"
      rowName={`certificate ${certificate.certinumber}`}
      title={`Edit certificate ${certificate.certinumber}`}
      submitLabel="Save"
      initial={initial}
      send={withEventBengali((form) => updateCertificate(certificate._id, changes(form)), initial)}
      success="Certificate Updated"
      onSaved={onSaved}
    >
      {({ field, close }) => (
        <>
          <p>Certificate number {certificate.certinumber} stays: printed QR codes and links carry it.</p>
          <Field label="Name" {...field('name')} required maxLength={100} />
          <Field label="Event or course (optional)" {...field('event')} maxLength={200} />
          <Field label="Issued on (optional)" {...field('issuedOn')} type="date" />
          {eventInBengali(field)}
          <HistoryPanel
            kind="certificate"
            id={certificate._id}
            onRestored={() => {
              close();
              onSaved();
            }}
          />
        </>
      )}
    </FormDialog>
  );
}

/** The next free number, offered under the number field of the Create popup: one press (or Enter) fills it in. */
function NextNumber({ form, set }) {
  const [next, setNext] = useState(null);
  useEffect(() => {
    let current = true;
    fetchNextNumber().then((response) => {
      if (current && response.ok) setNext(String(response.data.certinumber));
    });
    return () => {
      current = false;
    };
  }, []);
  if (!next || form.certinumber === next) return null;
  return (
    <p className="field-hint">
      Next free number: {next}{' '}
      <button
        type="button"
        className="button button-small button-outline"
        onClick={(event) => {
          // The button goes once the number is in: the focus goes to the number it filled in.
          event.currentTarget.form?.elements.namedItem('certinumber')?.focus();
          set('certinumber', next);
        }}
      >
        Use {next}
      </button>
    </p>
  );
}

/** The columns that only show a certificate; those that change one come after them. */
const shownColumns = [
  { header: 'Name', cell: (certificate) => certificate.name },
  { header: 'Certificate No.', cell: (certificate) => certificate.certinumber },
  { header: 'Event or course', cell: (certificate) => certificate.event },
  { header: 'Issued on', cell: (certificate) => certificate.issuedOn ?? '' },
  {
    header: 'Status',
    cell: (certificate) => (certificate.revokedOn ? `Revoked on ${certificate.revokedOn}` : 'Valid'),
  },
  {
    header: 'QR code',
    action: true,
    cell: (certificate) => <CertificateQrButton certificate={certificate} />,
  },
];

export function CertificatesPage() {
  const list = usePagedList(fetchCertificates, { sorts });

  const columns = [
    ...shownColumns,
    {
      header: 'Edit',
      action: true,
      cell: (certificate) => <EditButton certificate={certificate} onSaved={list.reload} />,
    },
    {
      header: 'Revocation',
      action: true,
      cell: (certificate) => <RevocationButton certificate={certificate} onChanged={list.reload} />,
    },
    deleteColumn({
      rowName: (certificate) => `certificate ${certificate.certinumber}`,
      question: (certificate) => `Delete certificate ${certificate.certinumber} of ${certificate.name}?`,
      remove: deleteCertificate,
      success: 'Certificate Deleted',
      onDeleted: list.reload,
      bin: 'certificate',
    }),
  ];

  const createButton = (
    <FormDialog
      button="Create"
      title="Create Certificate"
      initial={{ name: '', certinumber: '', event: '', issuedOn: '', ...bengaliValues(['event']) }}
      send={withEventBengali(issue, {})}
      success="Certificate Created"
      onSaved={list.reload}
    >
      {({ field, form, set }) => (
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
          <NextNumber form={form} set={set} />
          <Field label="Event or course (optional)" {...field('event')} maxLength={200} />
          <Field label="Issued on (optional)" {...field('issuedOn')} type="date" />
          {eventInBengali(field)}
        </>
      )}
    </FormDialog>
  );

  return (
    <PagedTable
      title="Certificates"
      actions={
        <>
          {createButton}
          <CertificateImportButton onImported={list.reload} />
          <button
            type="button"
            className="button button-outline"
            onClick={async () => {
              const response = await exportCertificates();
              if (!response.ok) notifyRefusal(response);
            }}
          >
            Export CSV
          </button>
        </>
      }
      list={list}
      noun="certificate"
      searchLabel="Search by name or number"
      columns={columns}
      empty="No certificates yet."
    />
  );
}
