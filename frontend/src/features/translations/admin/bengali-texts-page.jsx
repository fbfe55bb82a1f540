// /admin/bengali: every text admins write for the public pages, its English beside a box for its Bengali version,
// which the Bengali pages (/bn/…) show instead; where the box is empty they show the English. The payment details
// have none: they are the same in both languages. Each text is saved on its own.
import { Field } from '../../../components/field.jsx';
import { FormActions } from '../../../components/form-actions.jsx';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes.js';
import { useApiData, useForm } from '../../../lib/api-hooks.js';
import { notify } from '../../../lib/toast.js';
import { fetchBengaliTexts, saveBengaliText } from '../api.js';
import './bengali-texts-page.css';

/** The groups of the screen, in order, by the kind of record. */
const GROUPS = [
  { kind: 'setting', title: 'Site texts' },
  { kind: 'card', title: 'Home cards' },
  { kind: 'gallery', title: 'Gallery' },
  { kind: 'notice', title: 'Notices' },
  { kind: 'roster', title: 'Team pages' },
  { kind: 'member', title: 'Team members’ positions' },
];

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

export function BengaliTextsPage() {
  const { data, loadFailed, reload } = useApiData(fetchBengaliTexts);
  const items = Array.isArray(data?.items) ? data.items : null;
  return (
    <section className="bengali-texts" aria-labelledby="bengali-texts-title">
      <h2 id="bengali-texts-title">Bengali</h2>
      <p>
        The site has every page in Bengali too, at <code>/bn</code> (<code>/bn/notice</code>, <code>/bn/team</code>…).
        Its own words are already in Bengali; the texts you write are here, each with a box for its Bengali version.
        Where a box is empty, the Bengali page shows the English. Bank and UPI details are the same in both.
      </p>
      {loadFailed && <p role="alert">The texts could not be loaded.</p>}
      {!items && !loadFailed && <p className="page-loading">Loading…</p>}
      {items &&
        GROUPS.map(({ kind, title }) => {
          const texts = items.filter((item) => item.kind === kind && item.english);
          if (texts.length === 0) return null;
          const done = texts.filter((item) => item.bengali).length;
          return (
            <section key={kind} className="bengali-group" aria-labelledby={`bengali-${kind}`}>
              <h3 id={`bengali-${kind}`}>
                {title}{' '}
                <span className="bengali-count">
                  ({done} of {texts.length} in Bengali)
                </span>
              </h3>
              <ul className="bengali-list">
                {texts.map((item) => (
                  <li key={`${item.kind} ${item.record} ${item.field}`}>
                    <BengaliText item={item} onSaved={reload} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
    </section>
  );
}

/** One text: where it is, its English, and its Bengali in a box with its own Save. */
function BengaliText({ item, onSaved }) {
  const place = item.kind === 'setting' ? (SETTING_PLACES[item.record] ?? item.record) : item.place;
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
