// A list of captioned pictures (a home carousel's cards, the gallery's images) in a PhotoItemTable.
import { Field } from '../field.jsx';
import { BengaliField } from './bengali-fields.jsx';
import { PhotoItemTable } from './photo-item-table.jsx';

const columns = [{ header: 'Caption', cell: (item) => item.caption, className: 'cell-text' }];
const fields = ({ field }) => (
  <>
    <Field label="Caption" {...field('caption')} required maxLength={200} />
    <BengaliField label="ছবির লেখা" name="caption" field={field} maxLength={200} />
  </>
);

/**
 * `noun` names one item in the texts ('card', 'image'); `createTitle` is the add button's and popup's title; `kind`
 * is what the server calls the item's Bengali caption ('card', 'gallery').
 */
export function PictureTable({ title, noun, createTitle, items, calls, kind }) {
  return (
    <PhotoItemTable
      title={title}
      empty={`No ${noun}s yet.`}
      items={items}
      calls={calls}
      texts={['caption']}
      columns={columns}
      fields={fields}
      bengali={{ kind, names: ['caption'] }}
      add={{ button: createTitle, title: createTitle, success: 'Created Successfully' }}
      editTitle={`Edit ${noun}`}
      deletion={{ question: (item) => `Delete the ${noun} "${item.caption}"?`, success: 'Deleted' }}
    />
  );
}
