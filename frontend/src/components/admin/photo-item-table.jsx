// An ordered admin table of site content with a photo each (roster members, carousel cards, gallery images).
import { useContent } from '../../lib/content.js';
import { Photo } from '../photo.jsx';
import { DeleteButton } from './delete-button.jsx';
import { FormDialog } from './form-dialog.jsx';
import { OrderedTable, PagedOrderedTable } from './ordered-table.jsx';
import { PhotoPicker, photoItemChanges, photoItemValues } from './photo-picker.jsx';

/**
 * A thumbnail, the item's own columns, Edit and Delete, Up/Down, and the popups that add and edit an item.
 * `items` come from the content; `calls` are contentCalls'. `texts` are the names of the item's text fields, the
 * first of them naming the item; `fields(form)` renders them above the photo picker, `columns` show them.
 * `add` is {button, title, success} for the add popup, `editTitle` the edit popup's title, and `deletion` is
 * {question(item), success} for Delete. `round` shows people's photos as round thumbnails.
 */
export function PhotoItemTable(props) {
  const { title, empty, items, calls, texts, columns } = props;
  const { reload } = useContent();
  const { photoColumn, editColumn, deleteColumn, addButton } = photoItemParts(props, reload);
  return (
    <OrderedTable
      title={title}
      actions={addButton}
      columns={[photoColumn, ...columns, editColumn, deleteColumn]}
      rows={items}
      empty={empty}
      save={calls.order}
      rowName={(item) => item[texts[0]]}
    />
  );
}

/**
 * PhotoItemTable for a long list the server hands out in pages (a roster's members): `list` is usePagedList's
 * answer, `noun` names one row and `searchLabel` labels the search box. Up and Down move a row in the whole list
 * (across pages too) while it is shown in its own order, unsearched; `loadOrder()` answers every row in order.
 */
export function PagedPhotoItemTable(props) {
  const { title, empty, list, noun, searchLabel, calls, texts, columns, loadOrder } = props;
  const { reload: reloadContent } = useContent();
  const changed = () => {
    list.reload();
    reloadContent();
  };
  const { photoColumn, editColumn, deleteColumn, addButton } = photoItemParts(props, changed);
  return (
    <PagedOrderedTable
      title={title}
      actions={addButton}
      columns={[photoColumn, ...columns, editColumn, deleteColumn]}
      list={list}
      noun={noun}
      searchLabel={searchLabel}
      empty={empty}
      loadOrder={loadOrder}
      save={calls.order}
      onMoved={changed}
      rowName={(item) => item[texts[0]]}
    />
  );
}

/** The thumbnail, Edit and Delete columns and the Add button; `changed()` runs after each change. */
function photoItemParts({ texts, calls, fields, add, editTitle, deletion, round }, changed) {
  const nameOf = (item) => item[texts[0]];
  const itemFields = (item) => (form) => (
    <PhotoItemFields form={form} item={item} fields={fields} nameField={texts[0]} />
  );

  const photoColumn = {
    header: 'Photo',
    cell: (item) => (
      <Photo
        photo={item.photo}
        alt=""
        sizes={round ? '64px' : '96px'}
        className={round ? 'admin-thumb admin-thumb-round' : 'admin-thumb'}
      />
    ),
  };
  const editColumn = {
    header: 'Edit',
    action: true,
    cell: (item) => (
      <FormDialog
        button="Edit"
        rowName={nameOf(item)}
        title={editTitle}
        submitLabel="Save"
        initial={photoItemValues(item, texts)}
        send={(values) => calls.update(item._id, photoItemChanges(item, values, texts))}
        success="Updated Successfully"
        onSaved={changed}
      >
        {itemFields(item)}
      </FormDialog>
    ),
  };
  const deleteColumn = {
    header: 'Delete',
    action: true,
    cell: (item) => (
      <DeleteButton
        rowName={nameOf(item)}
        question={deletion.question(item)}
        remove={() => calls.remove(item._id)}
        success={deletion.success}
        onDeleted={changed}
      />
    ),
  };

  const addButton = (
    <FormDialog
      button={add.button}
      title={add.title}
      initial={photoItemValues(undefined, texts)}
      send={(values) => calls.create(photoItemChanges(undefined, values, texts))}
      success={add.success}
      onSaved={changed}
    >
      {itemFields(undefined)}
    </FormDialog>
  );
  return { photoColumn, editColumn, deleteColumn, addButton };
}

/** The item's own fields, then its photo; a photo uploaded here is described by the item's name. */
function PhotoItemFields({ form, item, fields, nameField }) {
  const { form: values, set, errors } = form;
  return (
    <>
      {fields(form)}
      <PhotoPicker
        current={item?.photo}
        value={values.photo}
        onChange={(value) => set('photo', value)}
        alt={values[nameField]}
        error={errors.photoId}
      />
    </>
  );
}
