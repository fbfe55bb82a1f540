// /admin/photos: upload many photos at once, and the uploaded photos a page at a time, searched by description,
// with where each is used, an Edit popup (description and focal point) and Delete. The server refuses to delete a
// photo still in use and says where; that reason becomes the error toast.
import { deleteColumn } from '../../../components/admin/delete-button.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { fetchPhotos } from '../../../components/admin/photos-api.js';
import { NEWEST_FIRST, OLDEST_FIRST, usePagedList } from '../../../components/admin/use-paged-list.js';
import { Photo } from '../../../components/photo.jsx';
import { deletePhoto } from '../api.js';
import { BulkUpload } from './bulk-upload.jsx';
import { PhotoEditButton } from './photo-edit-dialog.jsx';
import './photos-admin-page.css';

const sorts = [NEWEST_FIRST, OLDEST_FIRST];

export function PhotosAdminPage() {
  const list = usePagedList(fetchPhotos, { sorts });

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
      remove: deletePhoto,
      success: 'Photo deleted',
      onDeleted: list.reload,
    }),
  ];

  return (
    <div className="admin-stack">
      <BulkUpload onUploaded={list.reload} />
      <PagedTable
        title="Uploaded photos"
        list={list}
        noun="photo"
        searchLabel="Search by description"
        columns={columns}
        empty="No photos uploaded yet."
      />
    </div>
  );
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
