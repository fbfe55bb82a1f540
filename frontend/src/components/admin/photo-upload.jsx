// Uploading one photo: the 10 MB check before sending, the progress bar while the bytes go, and the server's
// reason when it refuses the file.
import { useState } from 'react';
import { notifyDone, notifyRefusal } from '../../lib/api-hooks.js';
import { uploadPhoto } from './photos-api.js';
import './photo-upload.css';

export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';
const MAX_BYTES = 10 * 1024 * 1024;
const TOO_LARGE = 'photo too large for the web server in front of the site (it must allow 10 MB); choose a smaller photo or ask whoever runs the server';

/**
 * `start(file, alt)` answers the uploaded photo ({_id, alt, photo}) or null; `error` is the reason to show
 * beside the file field.
 */
export function usePhotoUpload() {
  const [progress, setProgress] = useState(null);
  const [error, setError] = useState('');

  const start = async (file, alt) => {
    setError('');
    if (!file) {
      setError('choose a photo to upload');
      return null;
    }
    if (file.size > MAX_BYTES) {
      setError('is larger than 10 MB: choose a smaller photo');
      return null;
    }
    setProgress(0);
    const response = await uploadPhoto(file, alt, setProgress);
    setProgress(null);
    if (response.ok) {
      notifyDone(response, 'Photo Uploaded');
      return response.data;
    }
    if (response.status === 413 && !response.data?.message) {
      // A proxy in front of the server refused the size (ours says why in JSON): its limit is lower than ours.
      setError(TOO_LARGE);
      notifyRefusal({ ...response, data: { message: `Photo too large: ${TOO_LARGE}.` } });
      return null;
    }
    const errors = response.data?.errors ?? {};
    setError(errors.file ?? errors.alt ?? '');
    notifyRefusal(response);
    return null;
  };

  return { start, progress, busy: progress !== null, error };
}

/** The visible progress of an upload under way (nothing otherwise). */
export function UploadProgress({ progress }) {
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  return (
    <div className="upload-progress">
      <label>
        Uploading… {percent}%
        <progress max={100} value={percent} />
      </label>
    </div>
  );
}
