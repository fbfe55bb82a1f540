// /admin/contacts: the visitors' messages and star reviews, newest first, with delete and a CSV download.
// Messages are React text, so markup a visitor typed is shown, never run.
import { DataTable, useTableRows } from '../../../components/admin/data-table.jsx';
import { DeleteButton } from '../../../components/admin/delete-button.jsx';
import { DownloadButton } from '../../../components/download-button.jsx';
import { CONTACTS_CSV, deleteContact, fetchContacts } from '../api.js';

export function ContactsPage() {
  const { reload, ...list } = useTableRows(fetchContacts);

  const columns = [
    { header: 'Name', cell: (contact) => contact.name },
    { header: 'Email', cell: (contact) => <a href={`mailto:${contact.email}`}>{contact.email}</a> },
    { header: 'Telephone', cell: (contact) => contact.telephone, className: 'cell-nowrap' },
    { header: 'Ratings', cell: (contact) => contact.subject },
    { header: 'Message', cell: (contact) => contact.message, className: 'cell-text' },
    {
      header: 'Delete',
      cell: (contact) => (
        <DeleteButton
          rowName={`the message from ${contact.name}`}
          question={`Delete the message from ${contact.name}?`}
          remove={() => deleteContact(contact._id)}
          success="Contact deleted successfully"
          onDeleted={reload}
        />
      ),
    },
  ];

  const downloadButton = (
    <DownloadButton path={CONTACTS_CSV} fallbackName="jyoti-contacts.csv">
      Download CSV
    </DownloadButton>
  );

  return <DataTable title="Contacts" actions={downloadButton} columns={columns} empty="No messages yet." {...list} />;
}
