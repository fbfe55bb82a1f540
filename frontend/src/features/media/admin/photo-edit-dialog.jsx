// The Edit button of an uploaded photo: its description, and its focal point (the spot that stays in view when a
// round portrait or a wide banner crops it), chosen by clicking the photo or with two sliders, with previews.
import { FormDialog } from '../../../components/admin/form-dialog.jsx';
import { HistoryPanel } from '../../../components/admin/history-panel.jsx';
import { Field } from '../../../components/field.jsx';
import { Photo } from '../../../components/photo.jsx';
import { updatePhoto } from '../api.js';

const MIDDLE = { x: 50, y: 50 };

/** `item` is a row of the photo list ({_id, alt, photo}); `onSaved()` runs once the server took the change. */
export function PhotoEditButton({ item, onSaved }) {
  const focus = item.photo.focus ?? MIDDLE;
  return (
    <FormDialog
      button="Edit"
      rowName={`photo no. ${item._id}`}
      title={`Edit photo no. ${item._id}`}
      submitLabel="Save"
      initial={{ alt: item.alt ?? '', x: focus.x, y: focus.y }}
      send={(form) => updatePhoto(item._id, changesOf(item, focus, form))}
      success="Photo saved"
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <PhotoFields form={form} photo={item.photo} />
          <HistoryPanel
            kind="media"
            id={item._id}
            names={{ alt: 'Description', focus_x: 'Focal point across', focus_y: 'Focal point down' }}
            onRestored={() => {
              form.close();
              onSaved();
            }}
          />
        </>
      )}
    </FormDialog>
  );
}

/** Only what differs from the photo as it is. */
function changesOf(item, focus, { alt, x, y }) {
  const changes = {};
  if (alt !== (item.alt ?? '')) changes.alt = alt;
  if (x !== focus.x || y !== focus.y) changes.focus = { x, y };
  return changes;
}

const percent = (offset, length) => Math.min(100, Math.max(0, Math.round((offset / length) * 100)));

/** The photo's own shape, as wide as the popup allows and no taller than 40% of the window. */
function frameSize({ width, height }) {
  return { aspectRatio: `${width} / ${height}`, width: `min(100%, ${(40 * width) / height}vh)` };
}

function PhotoFields({ form, photo }) {
  const { form: values, field, set, errors } = form;
  const focused = { ...photo, focus: { x: values.x, y: values.y } };

  // A click (or tap) on the photo puts the point where it landed; the sliders do the same from the keyboard.
  const pick = (event) => {
    const box = event.currentTarget.getBoundingClientRect();
    set('x', percent(event.clientX - box.left, box.width));
    set('y', percent(event.clientY - box.top, box.height));
  };
  const slider = (name) => ({
    type: 'range',
    min: 0,
    max: 100,
    step: 1,
    value: values[name],
    onChange: (event) => set(name, Number(event.target.value)),
    'aria-valuetext': `${values[name]}%`,
  });

  return (
    <>
      <Field label="Description (alt text for people who cannot see the photo)" {...field('alt')} maxLength={200} />
      <fieldset className="form-group focus-chooser">
        <legend>Focal point</legend>
        <p className="focus-hint">Click the photo where it matters most, or move the sliders.</p>
        <div className="focus-frame" onClick={pick} style={frameSize(photo)}>
          <Photo photo={photo} alt="" sizes="480px" className="focus-photo" />
          <span className="focus-marker" aria-hidden="true" style={{ left: `${values.x}%`, top: `${values.y}%` }} />
        </div>
        <Field label="Focal point across (%)" {...slider('x')} />
        <Field label="Focal point down (%)" {...slider('y')} />
        {errors.focus && <p className="field-error">{errors.focus}</p>}
        <div className="focus-previews">
          <figure>
            <Photo photo={focused} alt="" sizes="96px" className="focus-preview-round" />
            <figcaption>Round portrait</figcaption>
          </figure>
          <figure>
            <Photo photo={focused} alt="" sizes="240px" className="focus-preview-wide" />
            <figcaption>Wide banner</figcaption>
          </figure>
        </div>
      </fieldset>
    </>
  );
}
