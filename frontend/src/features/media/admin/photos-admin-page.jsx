// /admin/photos: upload many photos at once (on a phone below the list), and the uploaded photos a page at a time, searched by description,
// with where each is used, an Edit popup (description and focal point) and Delete. The server refuses to delete a
// photo still in use and says where; that reason becomes the error toast, beside an offer to delete it there too.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { deleteColumn } from '../../../components/admin/delete-button.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { fetchPhotos } from '../../../components/admin/photos-api.js';
import { NEWEST_FIRST, OLDEST_FIRST, usePagedList } from '../../../components/admin/use-paged-list.js';
import { Photo } from '../../../components/photo.jsx';
import { useMediaQuery } from '../../../lib/media-query.js';
import { deleteOfferingUses } from './delete-with-uses.jsx';
import { BulkUpload } from './bulk-upload.jsx';
import { PhotoEditButton } from './photo-edit-dialog.jsx';
import './photos-admin-page.css';

const sorts = [NEWEST_FIRST, OLDEST_FIRST];

/** Where admin tables become cards (see data-table.css). */
const PHONE = '(max-width: 640px)';

export function PhotosAdminPage() {
  const list = usePagedList(fetchPhotos, { sorts });
  const phone = useMediaQuery(PHONE);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#upload') goToUpload();
  }, [hash]);

  const columns = [
    {
      header: 'Photo',
      cell: (photo) => <Photo photo={photo.photo} alt={photo.alt} sizes="96px" className="admin-thumb" />,
    },
    { header: 'Description', cell: (photo) => photo.alt || `Photo no. ${photo._id}`, className: 'cell-text' },
    { header: 'Used by', cell: (photo) => <UsedBy places={photo.usedBy} /> },
    {
      header: 'Edit',
      action: true,
      cell: (photo) => <PhotoEditButton item={photo} onSaved={list.reload} />,
    },
    deleteColumn({
      rowName: (photo) => `photo no. ${photo._id}`,
      question: (photo) => `Delete photo no. ${photo._id}${photo.alt ? ` (${photo.alt})` : ''}?`,
      remove: (id) => deleteOfferingUses(id, list.reload),
      success: 'Photo deleted',
      onDeleted: list.reload,
      bin: 'media',
    }),
  ];

  const upload = <BulkUpload key="upload" onUploaded={list.reload} />;
  const table = (
    <PagedTable
      key="list"
      title="Uploaded photos"
      list={list}
      noun="photo"
      searchLabel="Search by description"
      columns={columns}
      empty="No photos uploaded yet."
      actions={
        phone && (
          <button type="button" className="button button-small" onClick={goToUpload}>
            Upload photos
          </button>
        )
      }
    />
  );
  // On a phone the list comes first, so its first photo is on the first screen; its Upload photos button (and the
  // Dashboard's, with #upload) goes to the form below it.
  return <div className="admin-stack">{phone ? [table, upload] : [upload, table]}</div>;
}

/** Brings the upload form into view with the focus in its first field. */
function goToUpload() {
  document.querySelector('[aria-labelledby="upload-title"] input[name="alt"]')?.focus();
}

function UsedBy({ places }) {
  if (places.length === 0) return 'Not used';
  return (
    <ul className="used-by">
      {places.map((place) => (
        <li key={place}>{place}</li>
      ))}
    </ul>
  );
}
