// /admin/bengali: every text admins write for the public pages, its English beside a box for its Bengali version,
// which the Bengali pages (/bn/…) show instead; where the box is empty they show the English. The payment details
// have none: they are the same in both languages. Each text is saved on its own. The texts come a page at a time,
// searched, and narrowed to those with no Bengali yet (the Dashboard links here with that filter on).
import { FilterChoice, ListControls, Pager, countOf } from '../../../components/admin/list-controls.jsx';
import { usePagedList } from '../../../components/admin/use-paged-list.js';
import { Field } from '../../../components/field.jsx';
import { FormActions } from '../../../components/form-actions.jsx';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes.js';
import { useForm } from '../../../lib/api-hooks.js';
import { notify } from '../../../lib/toast.js';
import { fetchBengaliTexts, saveBengaliText } from '../api.js';
import './bengali-texts-page.css';

/** What each kind of record is, as the screen names its texts' group. */
const GROUPS = {
  setting: 'Site text',
  card: 'Home card',
  gallery: 'Gallery',
  notice: 'Notice',
  roster: 'Team page',
  member: 'Team member',
  event: 'Certificates',
};

/** What each site text is, as an admin knows it. */
const SETTING_PLACES = {
  heroTitle: 'Home: headline',
  heroText: 'Home: text under the headline',
  donationAppeal: 'Support: why to give',
  donationRegistration: 'Support: registration',
  donationTax: 'Support: tax benefit',
  address: 'Footer: address',
  presidentName: 'Footer: president’s name',
  presidentMessage: 'Footer: president’s message',
  makersCredit: 'Footer: who made the site',
  visitTimes: 'Visit us: class times',
  visitAges: 'Visit us: ages',
  visitAddress: 'Visit us: address',
};

const SORTS = [{ value: 'site', label: 'As on the site' }];
const FILTERS = ['missing'];
const SHOWN = [
  ['', 'Every text'],
  ['1', 'Only what has no Bengali yet'],
];

export function BengaliTextsPage() {
  const list = usePagedList(fetchBengaliTexts, { sorts: SORTS, filters: FILTERS, size: 10 });
  const texts = list.rows;
  const missing = list.answer?.missing;
  return (
    <section className="bengali-texts" aria-labelledby="bengali-texts-title">
      <h2 id="bengali-texts-title">Bengali</h2>
      <p>
        The site has every page in Bengali too, at <code>/bn</code> (<code>/bn/notice</code>, <code>/bn/team</code>…).
        Its own words are already in Bengali; the texts you write are here, each with a box for its Bengali version,
        as they are in their own forms. Where a box is empty, the Bengali page shows the English. Bank and UPI details
        are the same in both.
      </p>
      {typeof missing === 'number' && (
        <p className="bengali-count" role="status">
          {missing === 0 ? 'Every text has its Bengali.' : `${countOf(missing, 'text')} still without Bengali.`}
        </p>
      )}
      <ListControls list={list} searchLabel="Search the texts" noun="text">
        <FilterChoice list={list} name="missing" label="Show" options={SHOWN} />
      </ListControls>
      {list.loadFailed && <p role="alert">The texts could not be loaded.</p>}
      {!texts && !list.loadFailed && <p className="page-loading">Loading…</p>}
      {texts?.length === 0 && <p>{nothingShown(list)}</p>}
      {texts?.length > 0 && (
        <ul className="bengali-list" aria-busy={list.loading || undefined}>
          {texts.map((item) => (
            <li key={`${item.kind} ${item.record} ${item.field}`}>
              <BengaliText item={item} onSaved={list.reload} />
            </li>
          ))}
        </ul>
      )}
      <Pager list={list} label="Pages of texts" />
    </section>
  );
}

/** What an empty page of the list means: nothing matches the search, or nothing is left without Bengali. */
function nothingShown({ searched, filters }) {
  const which = filters.missing ? 'texts without Bengali' : 'texts';
  if (searched) return `No ${which} match “${searched}”.`;
  return filters.missing ? 'Every text has its Bengali.' : 'No texts yet.';
}

/** One text: where it is, its English, and its Bengali in a box with its own Save. */
function BengaliText({ item, onSaved }) {
  const where = item.kind === 'setting' ? (SETTING_PLACES[item.record] ?? item.record) : item.place;
  const place = item.kind === 'setting' ? where : `${GROUPS[item.kind] ?? item.kind}: ${where}`;
  const initial = { text: item.bengali };
  const { form, field, submit, busy, message } = useForm(initial, {
    check: (values) => {
      const changed = values.text.trim() !== initial.text;
      if (!changed) notify.warning('Nothing has changed');
      return changed;
    },
    send: (values) => saveBengaliText({ ...item, text: values.text.trim() }),
    onSuccess: (response) => {
      notify.success(response.data?.msg ?? 'Bengali text saved');
      onSaved();
    },
  });
  const unsaved = form.text.trim() !== initial.text;
  useUnsavedChanges(`Bengali for ${place}`, unsaved);
  return (
    <form className="bengali-text" onSubmit={submit}>
      <p className="bengali-place">{place}</p>
      <p className="bengali-english" lang="en">
        {item.english}
      </p>
      <Field
        label={`Bengali for ${place}`}
        {...field('text')}
        as={item.multiline ? 'textarea' : 'input'}
        rows={item.multiline ? 3 : undefined}
        maxLength={item.max}
        lang="bn"
        placeholder="Empty: the English shows"
      />
      <FormActions submitLabel="Save" busy={busy} message={message} unsaved={unsaved} />
    </form>
  );
}
