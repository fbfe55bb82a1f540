// /admin/photos: upload a photo (with progress), and the uploaded photos a page at a time, searched by description,
// with where each is used. The server refuses to delete a photo still in use and says where; that reason becomes
// the error toast.
import { useRef, useState } from 'react';
import { DeleteButton } from '../../../components/admin/delete-button.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { PHOTO_TYPES, UploadProgress, usePhotoUpload } from '../../../components/admin/photo-upload.jsx';
import { fetchPhotos } from '../../../components/admin/photos-api.js';
import { usePagedList } from '../../../components/admin/use-paged-list.js';
import { Field } from '../../../components/field.jsx';
import { FormActions } from '../../../components/form-actions.jsx';
import { Photo } from '../../../components/photo.jsx';
import { deletePhoto } from '../api.js';
import './photos-admin-page.css';

const sorts = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];

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
      header: 'Delete',
      action: true,
      cell: (photo) => (
        <DeleteButton
          rowName={`photo no. ${photo._id}`}
          question={`Delete photo no. ${photo._id}${photo.alt ? ` (${photo.alt})` : ''}?`}
          remove={() => deletePhoto(photo._id)}
          success="Photo deleted"
          onDeleted={list.reload}
        />
      ),
    },
  ];

  return (
    <div className="admin-stack">
      <UploadForm onUploaded={list.reload} />
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

function UploadForm({ onUploaded }) {
  const formRef = useRef(null);
  const [alt, setAlt] = useState('');
  const uploader = usePhotoUpload();

  const submit = async (event) => {
    event.preventDefault();
    const photo = await uploader.start(formRef.current.elements.file.files[0], alt);
    if (!photo) return;
    formRef.current.reset();
    setAlt('');
    onUploaded();
  };

  return (
    <section aria-labelledby="upload-title">
      <h2 id="upload-title">Upload a photo</h2>
      <form ref={formRef} className="form-card upload-form" onSubmit={submit}>
        <Field
          label="Photo (JPEG, PNG or WebP, up to 10 MB)"
          name="file"
          type="file"
          accept={PHOTO_TYPES}
          required
          error={uploader.error}
        />
        <Field
          label="Description (alt text for people who cannot see the photo)"
          name="alt"
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          maxLength={200}
        />
        <UploadProgress progress={uploader.progress} />
        <FormActions submitLabel="Upload" busy={uploader.busy} />
      </form>
    </section>
  );
}
