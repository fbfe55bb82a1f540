// /admin/contacts: the visitors' messages and star reviews a page at a time, newest first, searched by name, email
// or text, with delete and a CSV download. Messages are React text, so markup a visitor typed is shown, never run.
import { DeleteButton } from '../../../components/admin/delete-button.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { usePagedList } from '../../../components/admin/use-paged-list.js';
import { DownloadButton } from '../../../components/download-button.jsx';
import { CONTACTS_CSV, deleteContact, fetchContacts } from '../api.js';

const sorts = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name', label: 'Name' },
];

export function ContactsPage() {
  const list = usePagedList(fetchContacts, { sorts });

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
          onDeleted={list.reload}
        />
      ),
    },
  ];

  const downloadButton = (
    <DownloadButton path={CONTACTS_CSV} fallbackName="jyoti-contacts.csv">
      Download CSV
    </DownloadButton>
  );

  return (
    <PagedTable
      title="Contacts"
      actions={downloadButton}
      list={list}
      noun="message"
      searchLabel="Search by name, email or message"
      columns={columns}
      empty="No messages yet."
    />
  );
}
