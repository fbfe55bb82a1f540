// Choosing the photo of a member, card, gallery image or a photo setting: one of the uploaded photos, shown as
// thumbnails (the newest, or those a search of their descriptions finds), none (or the built-in default), the
// current sample picture, or a new photo uploaded right here (chosen once it is in). The thumbnails are radio
// buttons, so the arrow keys move between them.
import { useCallback, useEffect, useId, useState } from 'react';
import { useApiData } from '../../lib/api-hooks.js';
import { Field } from '../field.jsx';
import { Photo } from '../photo.jsx';
import { TYPING_PAUSE_MS } from './list-controls.jsx';
import './photo-picker.css';
import { PHOTO_TYPES, UploadProgress, usePhotoUpload } from './photo-upload.jsx';
import { fetchPhotos } from './photos-api.js';

const KEEP = 'keep';
/** The choice of no photo (or, where a setting has one, of its built-in default). */
export const NONE = 'none';

// Enough to find a recent photo at a glance; older ones are found by searching, never by loading them all.
const OFFERED = 50;

/** The choice that stands for `photo` as it is now: its uploaded photo, the sample picture, or none. */
export function photoChoice(photo) {
  if (photo?.photoId) return String(photo.photoId);
  return photo?.src ? KEEP : NONE;
}

/** The `photoId` to send for a choice: undefined when unchanged, null for no photo, else the photo's id. */
export function photoIdChange(initial, choice) {
  if (choice === initial || choice === KEEP) return undefined;
  return choice === NONE ? null : Number(choice);
}

/** The form values of `item` (a member, card or image; none for a new one): its `names` and its photo's choice. */
export function photoItemValues(item, names) {
  const texts = Object.fromEntries(names.map((name) => [name, item?.[name] ?? '']));
  return { ...texts, photo: photoChoice(item?.photo) };
}

/** What to send for such a form: the filled-in values of a new item, or only what differs from `item`. */
export function photoItemChanges(item, form, names) {
  const body = {};
  for (const name of names) {
    if (form[name] !== (item?.[name] ?? '')) body[name] = form[name];
  }
  const photoId = photoIdChange(photoChoice(item?.photo), form.photo);
  if (photoId !== undefined) body.photoId = photoId;
  return body;
}

/**
 * `current` is the photo shown now (from the content), `value` the choice, `alt` the text an upload gets.
 * `allowNone: false` leaves out "No photo" (the support page always has one). A setting with a built-in default
 * names it `defaultChoice` ({label, photo}): that is then the "none" choice, shown with its picture.
 */
export function PhotoPicker({ label = 'Photo', current, value, onChange, alt, error, allowNone = true, defaultChoice }) {
  const name = useId();
  const offered = useOfferedPhotos();
  // Photos uploaded here come first; the one chosen and the current one stay offered whatever the search shows.
  const [uploaded, setUploaded] = useState([]);
  const [picked, setPicked] = useState(null);
  const uploader = usePhotoUpload();

  const currentPhoto = current?.photoId ? { _id: current.photoId, photo: current } : null;
  const choices = uniqueById([...uploaded, ...offered.photos, picked, currentPhoto].filter(Boolean));
  const sample = !defaultChoice && Boolean(current?.src) && !current.photoId;
  const options = [
    sample && { value: KEEP, label: 'The current sample picture', photo: current },
    (allowNone || value === NONE) && { value: NONE, label: defaultChoice?.label ?? 'No photo', photo: defaultChoice?.photo },
    ...choices.map((photo) => ({
      value: String(photo._id),
      label: `${(photo.alt ?? 'The current photo') || 'Photo without a description'} (no. ${photo._id})`,
      photo: photo.photo,
    })),
  ].filter(Boolean);
  const errorId = `${name}-error`;

  const choose = (choice) => {
    setPicked(choices.find((p) => String(p._id) === choice) ?? null);
    onChange(choice);
  };

  const uploadChosenFile = async (event) => {
    const input = event.target;
    const photo = await uploader.start(input.files[0], alt);
    input.value = '';
    if (!photo) return;
    setUploaded((list) => [photo, ...list]);
    onChange(String(photo._id));
    offered.reload();
  };

  return (
    <fieldset className="form-group">
      <legend>{label}</legend>
      <div className="photo-picker-body">
        <div className="photo-picker-controls">
          {offered.searchable && (
            <Field
              label="Search the uploaded photos"
              type="search"
              value={offered.search}
              onChange={(event) => offered.setSearch(event.target.value)}
              onKeyDown={(event) => {
                // Enter searches at once instead of sending the form the picker is in.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  offered.searchNow();
                }
              }}
              maxLength={200}
            />
          )}
          <div
            className="photo-choices"
            role="radiogroup"
            aria-label="Choose a photo"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          >
            {options.map((option) => (
              <label key={option.value} className="photo-choice">
                <input
                  type="radio"
                  className="photo-choice-input"
                  name={name}
                  value={option.value}
                  checked={value === option.value}
                  onChange={() => choose(option.value)}
                />
                <Photo photo={option.photo} alt="" sizes="96px" className="photo-choice-thumb" />
                <span className="photo-choice-label">{option.label}</span>
              </label>
            ))}
          </div>
          {error && (
            <p className="field-error" id={errorId}>
              {error}
            </p>
          )}
          {offered.total > offered.photos.length && (
            <p className="photo-picker-note">
              The newest {offered.photos.length} of {offered.total} photos
              {offered.query ? ` matching “${offered.query}”` : ''}; search to find others.
            </p>
          )}
          <Field
            label="Or upload a new photo (JPEG, PNG or WebP, up to 32 MB)"
            type="file"
            accept={PHOTO_TYPES}
            onChange={uploadChosenFile}
            disabled={uploader.busy}
            error={uploader.error}
          />
          <UploadProgress progress={uploader.progress} />
        </div>
      </div>
    </fieldset>
  );
}

const uniqueById = (photos) => photos.filter((photo, index) => photos.findIndex((p) => p._id === photo._id) === index);

/** The newest uploaded photos that match the search typed (all of them without one), a page's worth. */
function useOfferedPhotos() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const load = useCallback(() => fetchPhotos({ page: 1, size: OFFERED, q: query }), [query]);
  const { data, reload } = useApiData(load);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const photos = data?.items ?? [];
  const total = data?.total ?? 0;
  return {
    photos,
    total,
    // A search box only where the choice does not already offer every photo.
    searchable: total > photos.length || search !== '' || query !== '',
    search,
    setSearch,
    query,
    searchNow: () => setQuery(search.trim()),
    reload,
  };
}
