// An ordered admin table of site content with a photo each (roster members, carousel cards, gallery images).
import { useContent } from '../../lib/content.js';
import { Photo } from '../photo.jsx';
import { deleteColumn } from './delete-button.jsx';
import { bengaliValues, sendWithBengali } from './bengali-fields.jsx';
import { HistoryPanel } from './history-panel.jsx';
import { FormDialog } from './form-dialog.jsx';
import { OrderedTable, PagedOrderedTable } from './ordered-table.jsx';
import { PhotoPicker, photoItemChanges, photoItemValues } from './photo-picker.jsx';

/**
 * A thumbnail, the item's own columns, Edit and Delete, Up/Down, and the popups that add and edit an item.
 * `items` come from the content; `calls` are contentCalls'. `texts` are the names of the item's text fields, the
 * first of them naming the item; `fields(form)` renders them above the photo picker, `columns` show them.
 * `add` is {button, title, success} for the add popup, `editTitle` the edit popup's title, and `deletion` is
 * {question(item), success} for Delete. `round` shows people's photos as round thumbnails. `bengali` is
 * {kind, names}: the texts of `names` have their Bengali beside them in `fields`, stored as translations of `kind`.
 */
export function PhotoItemTable(props) {
  const { reload } = useContent();
  return <OrderedTable {...photoItemTableProps(props, reload)} rows={props.items} />;
}

/**
 * PhotoItemTable for a long list the server hands out in pages (a roster's members): `list` is usePagedList's
 * answer, `noun` names one row and `searchLabel` labels the search box. Up and Down move a row in the whole list
 * (across pages too) while it is shown in its own order, unsearched; `loadOrder()` answers every row in order.
 */
export function PagedPhotoItemTable(props) {
  const { list, noun, searchLabel, loadOrder } = props;
  const { reload: reloadContent } = useContent();
  const changed = () => {
    list.reload();
    reloadContent();
  };
  return (
    <PagedOrderedTable
      {...photoItemTableProps(props, changed)}
      list={list}
      noun={noun}
      searchLabel={searchLabel}
      loadOrder={loadOrder}
      onMoved={changed}
    />
  );
}

/**
 * What both tables share: the title, the Add button, the thumbnail, the item's own columns, Edit and Delete, and
 * how a row is named and the order saved; `changed()` runs after each change.
 */
function photoItemTableProps(props, changed) {
  const { title, empty, texts, calls, columns, fields, add, editTitle, deletion, round, bengali } = props;
  const names = bengali?.names ?? [];
  const values = (item) => ({ ...photoItemValues(item, texts), ...bengaliValues(names, item) });
  const withBengali = (item, send) =>
    sendWithBengali({
      kind: bengali?.kind,
      names,
      send,
      recordOf: (response) => item?._id ?? response.data?._id,
      before: values(item),
    });
  const nameOf = (item) => item[texts[0]];
  const itemFields = (item) => (form) => (
    <>
      <PhotoItemFields form={form} item={item} fields={fields} nameField={texts[0]} />
      {item && bengali?.kind && (
        <HistoryPanel
          kind={bengali.kind}
          id={item._id}
          onRestored={() => {
            form.close();
            changed();
          }}
        />
      )}
    </>
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
        initial={values(item)}
        send={withBengali(item, (form) => calls.update(item._id, photoItemChanges(item, form, texts)))}
        success="Updated Successfully"
        onSaved={changed}
      >
        {itemFields(item)}
      </FormDialog>
    ),
  };
  const removeColumn = deleteColumn({
    rowName: nameOf,
    question: deletion.question,
    remove: calls.remove,
    success: deletion.success,
    onDeleted: changed,
    bin: bengali?.kind,
  });

  const addButton = (
    <FormDialog
      button={add.button}
      title={add.title}
      initial={values(undefined)}
      send={withBengali(undefined, (form) => calls.create(photoItemChanges(undefined, form, texts)))}
      success={add.success}
      onSaved={changed}
    >
      {itemFields(undefined)}
    </FormDialog>
  );
  return {
    title,
    empty,
    actions: addButton,
    columns: [photoColumn, ...columns, editColumn, removeColumn],
    save: calls.order,
    rowName: nameOf,
  };
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
