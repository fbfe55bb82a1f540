// A list of captioned pictures (a home carousel's cards, the gallery's images) in a PhotoItemTable.
import { Field } from '../field.jsx';
import { PhotoItemTable } from './photo-item-table.jsx';

const columns = [{ header: 'Caption', cell: (item) => item.caption, className: 'cell-text' }];
const fields = ({ field }) => <Field label="Caption" {...field('caption')} required maxLength={200} />;

/** `noun` names one item in the texts ('card', 'image'); `createTitle` is the add button's and popup's title. */
export function PictureTable({ title, noun, createTitle, items, calls }) {
  return (
    <PhotoItemTable
      title={title}
      empty={`No ${noun}s yet.`}
      items={items}
      calls={calls}
      texts={['caption']}
      columns={columns}
      fields={fields}
      add={{ button: createTitle, title: createTitle, success: 'Created Successfully' }}
      editTitle={`Edit ${noun}`}
      deletion={{ question: (item) => `Delete the ${noun} "${item.caption}"?`, success: 'Deleted' }}
    />
  );
}
