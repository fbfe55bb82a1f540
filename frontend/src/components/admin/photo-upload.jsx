// Uploading photos: shrinking a large one in the browser, the 32 MB check before sending, the progress while the
// bytes go, and the server's reason when
// it refuses a file; one photo with its field error and toast (the picker), or any number one after another
// (the Photos screen, through sendPhoto).
import { useState } from 'react';
import { notifyDone, notifyRefusal } from '../../lib/api-hooks.js';
import { uploadPhoto } from './photos-api.js';
import { shrinkPhoto } from './shrink-photo.js';
import './photo-upload.css';

export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';
const MAX_BYTES = 32 * 1024 * 1024;
/** A photo this large is made smaller in the browser first, which the list says while it lasts. */
const SHRUNK_FROM = 2 * 1024 * 1024;
const TOO_LARGE = 'photo too large for the web server in front of the site (it must allow 32 MB); choose a smaller photo or ask whoever runs the server';

/**
 * Checks `file` and sends it with `alt`; `onShrinking()` hears when a large photo is being made smaller in the browser
 * (the first step, which takes a few seconds on a phone), `onProgress` gets 0…1 once the bytes start to go. Answers
 * {photo, response} when the server took it, else {reason, response}: `reason` is what is wrong with the file
 * ('' when the server names no field), `response` the refusal to show as a toast (none when the file was
 * refused before it was sent).
 */
export async function sendPhoto(original, alt, onProgress, onShrinking) {
  if (original.size > SHRUNK_FROM) onShrinking?.();
  const file = await shrinkPhoto(original);
  if (file.size > MAX_BYTES) return { reason: 'is larger than 32 MB: choose a smaller photo', response: null };
  onProgress(0);
  const response = await uploadPhoto(file, alt, onProgress);
  if (response.ok) return { photo: response.data, response };
  if (response.status === 413 && !response.data?.message) {
    // A proxy in front of the server refused the size (ours says why in JSON): its limit is lower than ours.
    return { reason: TOO_LARGE, response: { ...response, data: { message: `Photo too large: ${TOO_LARGE}.` } } };
  }
  const errors = response.data?.errors ?? {};
  return { reason: errors.file ?? errors.alt ?? '', response };
}

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
    const { photo, reason, response } = await sendPhoto(file, alt, setProgress, () => setProgress(0));
    setProgress(null);
    if (photo) {
      notifyDone(response, 'Photo Uploaded');
      return photo;
    }
    setError(reason);
    if (response) notifyRefusal(response);
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
