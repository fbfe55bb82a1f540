// /admin/photos: upload a photo (with progress), and the uploaded photos with where each is used. The server
// refuses to delete a photo still in use and says where; that reason becomes the error toast.
import { useRef, useState } from 'react';
import { DataTable } from '../../../components/admin/data-table.jsx';
import { Field } from '../../../components/field.jsx';
import { Photo } from '../../../components/photo.jsx';
import { deleteAfterConfirm, useApiData } from '../../../lib/api-hooks.js';
import { deletePhoto } from '../api.js';
import { fetchPhotos } from '../../../components/admin/photos-api.js';
import './photos-admin-page.css';
import { PHOTO_TYPES, UploadProgress, usePhotoUpload } from '../../../components/admin/photo-upload.jsx';

const columns = ['Photo', 'Description', 'Used by', 'Delete'];

export function PhotosAdminPage() {
  const { data: photos, loadFailed, reload } = useApiData(fetchPhotos);

  const remove = (photo) =>
    deleteAfterConfirm(
      `Delete photo no. ${photo._id}${photo.alt ? ` (${photo.alt})` : ''}?`,
      () => deletePhoto(photo._id),
      'Photo deleted',
      reload,
    );

  return (
    <div className="admin-stack">
      <UploadForm onUploaded={reload} />
      <DataTable
        title="Uploaded photos"
        columns={columns}
        rows={photos}
        loadFailed={loadFailed}
        empty="No photos uploaded yet."
      >
        {(photo) => (
          <tr key={photo._id}>
            <td>
              <Photo photo={photo.photo} alt={photo.alt} sizes="96px" className="admin-thumb" />
            </td>
            <td className="cell-text">{photo.alt || `Photo no. ${photo._id}`}</td>
            <td>
              {photo.usedBy.length > 0 ? (
                <ul className="used-by">
                  {photo.usedBy.map((place) => (
                    <li key={place}>{place}</li>
                  ))}
                </ul>
              ) : (
                'Not used'
              )}
            </td>
            <td>
              <button type="button" className="button button-small button-danger" onClick={() => remove(photo)}>
                Delete<span className="visually-hidden"> photo no. {photo._id}</span>
              </button>
            </td>
          </tr>
        )}
      </DataTable>
    </div>
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
        <div className="form-actions">
          <button type="submit" className="button" disabled={uploader.busy}>
            Upload
          </button>
        </div>
      </form>
    </section>
  );
}
