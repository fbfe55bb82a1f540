// /admin/contacts: the visitors' messages and star reviews, newest first, with delete and a CSV download.
// Messages are React text, so markup a visitor typed is shown, never run.
import { DataTable } from '../../../components/admin/data-table.jsx';
import { DownloadButton } from '../../../components/download-button.jsx';
import { deleteAfterConfirm, useApiData } from '../../../lib/api-hooks.js';
import { CONTACTS_CSV, deleteContact, fetchContacts } from '../api.js';

const columns = ['Name', 'Email', 'Telephone', 'Ratings', 'Message', 'Delete'];

export function ContactsPage() {
  const { data: contacts, loadFailed, reload } = useApiData(fetchContacts);

  const remove = (contact) =>
    deleteAfterConfirm(
      `Delete the message from ${contact.name}?`,
      () => deleteContact(contact._id),
      'Contact deleted successfully',
      reload,
    );

  const downloadButton = (
    <DownloadButton path={CONTACTS_CSV} fallbackName="jyoti-contacts.csv">
      Download CSV
    </DownloadButton>
  );

  return (
    <DataTable
      title="Contacts"
      actions={downloadButton}
      columns={columns}
      rows={contacts}
      loadFailed={loadFailed}
      empty="No messages yet."
    >
      {(contact) => (
        <tr key={contact._id}>
          <td>{contact.name}</td>
          <td>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </td>
          <td className="cell-nowrap">{contact.telephone}</td>
          <td>{contact.subject}</td>
          <td className="cell-text">{contact.message}</td>
          <td>
            <button type="button" className="button button-small button-danger" onClick={() => remove(contact)}>
              Delete<span className="visually-hidden"> the message from {contact.name}</span>
            </button>
          </td>
        </tr>
      )}
    </DataTable>
  );
}
