// /admin/settings: every text and link of the site, prefilled from the content, in sections that each have their
// own Save, which sends only what changed in that section. A section with edits not yet saved says so beside its
// Save, and leaving the screen asks first. The donation details (where the money goes) and what donors read beside
// them are for admins only: an editor sees a sentence saying so instead. A change of where the money goes is shown
// old → new before it is sent, and waits out the server's payment hold: the section says when donors will see it,
// with Cancel.
import { useEffect, useId, useState } from 'react';
import { BengaliField, bengaliName, saveBengaliText } from '../../../components/admin/bengali-fields.jsx';
import { HistoryPanel } from '../../../components/admin/history-panel.jsx';
import { NONE, PhotoPicker, photoChoice, photoIdChange } from '../../../components/admin/photo-picker.jsx';
import { unsavedForms, useUnsavedChanges } from '../../../components/admin/unsaved-changes.js';
import { Field } from '../../../components/field.jsx';
import { FormActions } from '../../../components/form-actions.jsx';
import { notifyDone, useForm } from '../../../lib/api-hooks.js';
import { useContent } from '../../../lib/content.js';
import { isAdmin, useSession } from '../../../lib/session.js';
import { notify } from '../../../lib/toast.js';
import { updateSettings } from '../api.js';
import { HeldWrites } from './held-writes.jsx';
import { PaymentHold, savedSentence, usePaymentHold, waitingValues } from './payment-hold.jsx';
import './settings-admin-page.css';
import { SecondFactorRule } from './second-factor-rule.jsx';
import { SiteAddressSection } from './site-address-form.jsx';

/** A logo setting's built-in drawing: what "none" goes back to. */
const drawing = (src) => ({ label: 'Our built-in drawing', photo: { src, width: 96, height: 96 } });

/**
 * Where donations go: settings only admins may change (the server refuses them from an editor), each with the name
 * the confirmation of a change gives it.
 */
const DONATION_DETAILS = {
  donationHolder: 'Account holder',
  donationAccount: 'Bank account number',
  donationIfsc: 'IFSC code',
  donationBranch: 'Bank branch',
  donationBank: 'Bank name',
  upiId: 'UPI ID',
  upiPayee: 'UPI payee name',
};

/**
 * What donors read beside the payment details (the appeal, who receives the money, the tax line, the phone for their
 * questions, the Support photo): admins' too, since a changed phone number or appeal can mislead a donor as surely.
 */
const DONOR_FACING = new Set([
  'donationAppeal',
  'donationRegistration',
  'donationTax',
  'donationPhone',
  'supportPhoto',
]);

/**
 * The texts /bn shows in Bengali when one is written (the server's SETTING_TEXTS), each with its Bengali field's name:
 * the field sits beside the English. The payment details have none: a second set of them would sit outside the
 * payment hold.
 */
const WITH_BENGALI = {
  heroTitle: 'স্বাগত জানানোর শিরোনাম',
  heroText: 'স্বাগত জানানোর লেখা',
  visitTimes: 'ক্লাসের দিন আর সময়',
  visitAges: 'কত বছর বয়সের ছেলেমেয়েরা',
  visitAddress: 'ক্লাসের ঠিকানা',
  donationAppeal: 'দাতাদের কাছে আবেদন',
  donationRegistration: 'টাকা কে পায়: নথিভুক্তি',
  donationTax: 'করছাড়',
  address: 'ঠিকানা',
  presidentName: 'সভাপতির নাম',
  presidentMessage: 'সভাপতির কথা',
  makersCredit: 'সাইট যাঁরা বানিয়েছেন',
};
/** Whether only admins may change the setting `key`. */
const forAdmins = (key) => key in DONATION_DETAILS || DONOR_FACING.has(key);

/**
 * Asks before donors are sent somewhere else: each changed payment detail as "UPI ID: old → new". A mistyped
 * account number or UPI ID would send gifts to a stranger, so the admin reads the change once more. True when
 * nothing of the kind changed.
 */
function confirmPaymentChange(saved, body) {
  const lines = Object.keys(body)
    .filter((key) => key in DONATION_DETAILS)
    .map((key) => `${DONATION_DETAILS[key]}: ${saved[key] || '(empty)'} → ${body[key] || '(empty)'}`);
  if (lines.length === 0) return true;
  const when =
    'Donors will be shown the new details after the waiting period set on the server, if any; until then any admin ' +
    'can cancel them.';
  return window.confirm(`Change where donations go?\n\n${lines.join('\n')}\n\n${when}`);
}

/**
 * The form's sections, each a list of [key, label, control props]; keys are the server's setting names. Every
 * field is required but those marked `optional` (an empty one is not shown on the site). `photos` are the
 * section's photo settings, chosen with the photo picker: `alt` is what a photo uploaded there is described as;
 * `defaultChoice` is what a setting shows without a photo, `allowNone: false` a setting that always has one.
 */
const sections = [
  {
    title: 'Header logos',
    fields: [],
    photos: [
      {
        key: 'clubLogo',
        label: 'Club logo (left of the site’s title)',
        alt: 'Jyoti logo',
        defaultChoice: drawing('/art/logo-jyoti.svg'),
      },
      {
        key: 'collegeLogo',
        label: 'College emblem (right of the site’s title)',
        alt: 'JGEC emblem',
        defaultChoice: drawing('/art/logo-jgec.svg'),
      },
    ],
  },
  {
    title: 'Home page',
    fields: [
      ['heroTitle', 'Welcome heading', { maxLength: 200 }],
      ['heroText', 'Welcome text', { as: 'textarea', maxLength: 2000 }],
    ],
    photos: [
      {
        key: 'heroPhoto',
        label: 'Banner photo behind the welcome (darkened so the text stays readable)',
        alt: 'Children of Jyoti',
        defaultChoice: { label: 'No photo: the orange banner' },
      },
    ],
  },
  {
    title: 'Visit us (Home page)',
    fields: [
      ['visitTimes', 'Class days and times, e.g. Monday to Saturday, 6 to 8 pm', { as: 'textarea', maxLength: 300, optional: true }],
      ['visitAges', 'Ages, e.g. Children aged 6 to 14', { maxLength: 100, optional: true }],
      ['visitAddress', 'Where the classes are (a map link is added)', { as: 'textarea', maxLength: 300, optional: true }],
      ['visitPhone', 'Phone number for parents', { type: 'tel', maxLength: 20, optional: true }],
    ],
  },
  {
    title: 'Donations (Support page)',
    fields: [
      ['donationAppeal', 'Appeal to donors', { as: 'textarea', maxLength: 2000 }],
      ['donationHolder', 'Account holder’s name (leave empty to hide)', { maxLength: 100, optional: true }],
      ['donationAccount', 'Bank account number', { maxLength: 100 }],
      ['donationIfsc', 'IFSC code', { maxLength: 50 }],
      ['donationBranch', 'Bank branch', { maxLength: 100 }],
      ['donationBank', 'Bank’s name (leave empty to hide)', { maxLength: 100, optional: true }],
      ['upiId', 'UPI ID, e.g. jyoti@sbi (leave empty for no UPI payments)', { maxLength: 160, optional: true }],
      ['upiPayee', 'UPI payee name, as the bank knows it', { maxLength: 100, optional: true }],
      [
        'donationRegistration',
        'Who receives the money: registration, e.g. a registered society with its number, or a student club, not registered',
        { maxLength: 200, optional: true },
      ],
      ['donationTax', 'Tax benefit, e.g. 80G status (leave empty to hide)', { maxLength: 200, optional: true }],
      ['donationPhone', 'Phone number for donors’ questions', { type: 'tel', maxLength: 20, optional: true }],
    ],
    photos: [{ key: 'supportPhoto', label: 'Photo on the Support page', alt: 'Children of Jyoti', allowNone: false }],
  },
  {
    title: 'Footer and contact',
    fields: [
      ['address', 'Address', { as: 'textarea', maxLength: 300 }],
      ['contactEmail', 'Contact email', { type: 'email' }],
      ['linkedin', 'LinkedIn page', { type: 'url', maxLength: 2048 }],
      ['facebook', 'Facebook page', { type: 'url', maxLength: 2048 }],
      ['instagram', 'Instagram page', { type: 'url', maxLength: 2048 }],
      ['presidentName', "President's name", { maxLength: 100 }],
      ['presidentMessage', "President's message", { as: 'textarea', maxLength: 2000 }],
      ['makersCredit', 'Credit to the site makers', { maxLength: 200 }],
      ['footerYear', 'Year in the copyright line (leave empty for the current year)', { maxLength: 4, optional: true }],
    ],
  },
  {
    title: 'Gallery',
    fields: [
      ['galleryMoreUrl', 'Address of the full photo folder (the Show More button)', { type: 'url', maxLength: 2048 }],
    ],
  },
];

/** Each setting's name as its form labels it, for the settings' history. */
const SETTING_NAMES = {
  ...Object.fromEntries(
    sections.flatMap((section) => [
      ...section.fields.map(([key, label]) => [key, label]),
      ...(section.photos ?? []).map((photo) => [photo.key, photo.label]),
    ]),
  ),
  requireSecondFactor: 'Staff must use a second factor',
};

export function SettingsAdminPage() {
  const { user } = useSession();
  const { reload } = useContent();
  // A version restored from the history: every form opens afresh with what is stored now.
  const [restores, setRestores] = useState(0);
  const restored = async () => {
    await reload();
    setRestores((count) => count + 1);
  };
  const admin = isAdmin(user);
  const [pending, setPending] = usePaymentHold(admin);
  // A cancelled change takes the Donations form back to what donors see: it opens afresh.
  const [cancels, setCancels] = useState(0);
  const cancelled = () => {
    setPending(null);
    setCancels((count) => count + 1);
  };
  // Linked to from an alert, its mail or the Dashboard (#payment-hold): the change waiting is brought into view once
  // the server has said what waits.
  const waitingShown = Boolean(pending);
  useEffect(() => {
    if (!waitingShown || window.location.hash !== '#payment-hold') return;
    const block = document.getElementById('payment-hold');
    block?.scrollIntoView({ block: 'start' });
    block?.querySelector('[role="status"]')?.focus();
  }, [waitingShown]);
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      {/* A change waiting is the first thing on the screen, on a phone too: not 3,000 px down with its form. */}
      {admin && (pending || cancels > 0) && (
        <section className="form-card settings-form" aria-label="New payment details waiting">
          <PaymentHold pending={pending} names={DONATION_DETAILS} cancelled={cancels > 0} onCancelled={cancelled} />
        </section>
      )}
      <HeldWrites admin={admin} />
      {admin && <SiteAddressSection />}
      {admin && <SecondFactorRule />}
      {sections.map((section) => {
        const payments = section.fields.some(([key]) => key in DONATION_DETAILS);
        if (!payments) {
          return (
            <SettingsSection
              key={`${section.title} ${restores}`}
              section={section}
              admin={admin}
              onPending={setPending}
            />
          );
        }
        if (!admin) return <AdminsOnlySection key={section.title} title={section.title} />;
        // The form measures edits against the change waiting, so it opens once the server has said what waits.
        if (pending === undefined) {
          return (
            <p key={section.title} className="page-loading">
              Loading {section.title}…
            </p>
          );
        }
        return (
          <SettingsSection
            key={`${section.title} ${cancels} ${restores}`}
            section={section}
            admin={admin}
            waiting={waitingValues(pending)}
            onPending={setPending}
          >
            {pending && (
              <p className="settings-note">
                New payment details wait: <a href="#payment-hold">see them at the top of Settings</a>.
              </p>
            )}
          </SettingsSection>
        );
      })}
      <section className="form-card settings-form" aria-label="History of the settings">
        <HistoryPanel kind="settings" id={1} names={SETTING_NAMES} onRestored={restored} />
      </section>
    </section>
  );
}

/** A section whose every setting is for admins, as an editor sees it: a sentence, no form. */
function AdminsOnlySection({ title }) {
  const legendId = useId();
  return (
    <section className="form-card settings-form" aria-labelledby={legendId}>
      <h3 id={legendId} className="settings-locked-title">
        {title}
      </h3>
      <p className="settings-note">{ADMINS_ONLY_NOTE}</p>
    </section>
  );
}

const ADMINS_ONLY_NOTE = 'Only admins can change the donation details and what donors read beside them.';

/** The picker's choice for a photo setting as saved: a setting with a default shows it as "none". */
function savedChoice(photo, current) {
  const choice = photoChoice(current);
  return photo.defaultChoice && !current?.photoId ? NONE : choice;
}

/**
 * One section's form: prefilled from the content (and, for the payment details, from the change `waiting` to take
 * effect), its Save sends only what changed in it; `onPending(pending)` gets what the answer says waits. Without
 * `admin`, the settings for admins are left out, and the section says so. `children` come first in the section.
 */
function SettingsSection({ section, admin, waiting = {}, onPending, children }) {
  const { settings, reload } = useContent();
  const legendId = useId();
  const fields = section.fields.filter(([key]) => admin || !forAdmins(key));
  const keys = fields.map(([key]) => key);
  const photos = (section.photos ?? []).filter(({ key }) => admin || !forAdmins(key));
  const bengaliKeys = keys.filter((key) => key in WITH_BENGALI);
  // What the server holds, as far as this form knows: the changes are measured against it.
  const [saved, setSaved] = useState(() => ({
    ...Object.fromEntries(keys.map((key) => [key, waiting[key] ?? settings[key] ?? ''])),
    ...Object.fromEntries(bengaliKeys.map((key) => [bengaliName(key), settings.bn?.[key] ?? ''])),
    ...Object.fromEntries(photos.map((photo) => [photo.key, savedChoice(photo, settings[photo.key])])),
  }));

  const changes = (form) => {
    const body = {};
    for (const key of keys) if (form[key] !== saved[key]) body[key] = form[key];
    for (const { key } of photos) {
      const photoId = photoIdChange(saved[key], form[key]);
      if (photoId !== undefined) body[key] = photoId;
    }
    return body;
  };
  const bengaliChanges = (form) => bengaliKeys.filter((key) => form[bengaliName(key)] !== saved[bengaliName(key)]);

  const { form, field, set, submit, busy, errors, message } = useForm(saved, {
    check: (values) => {
      const body = changes(values);
      if (Object.keys(body).length === 0 && bengaliChanges(values).length === 0) {
        notify.warning(nothingChanged(section.title));
        return false;
      }
      return confirmPaymentChange(saved, body);
    },
    // The English first (which may wait out the payment hold), then each Bengali text that changed.
    send: async (values) => {
      const body = changes(values);
      const english = Object.keys(body).length > 0 ? await updateSettings(body) : { ok: true, status: 200, data: {} };
      if (!english.ok) return english;
      for (const key of bengaliChanges(values)) {
        const text = values[bengaliName(key)];
        const bengali = await saveBengaliText({ kind: 'setting', record: key, field: key, text });
        if (!bengali.ok) {
          const why = bengali.data?.errors?.text;
          return { ...bengali, data: { ...bengali.data, errors: why ? { [bengaliName(key)]: why } : {} } };
        }
      }
      return english;
    },
    onSuccess: (response, values) => {
      // A change that waits out the payment hold says when donors see it, not "Updated Successfully" alone.
      const held = response.data?.pending;
      const sent = changes(values);
      if (held && (held.changes ?? []).some((change) => change.field in sent)) {
        notify.success(savedSentence(held.takesEffectAt));
      } else {
        notifyDone(response, 'Updated Successfully');
      }
      setSaved(values);
      // Every answer says what change of the payment details waits now (null: none), whichever section was saved.
      if (response.data && 'pending' in response.data) onPending(response.data.pending);
      reload();
    },
  });

  const dirty = Object.keys(changes(form)).length > 0;
  useUnsavedChanges(section.title, dirty);

  return (
    <form className="form-card settings-form" onSubmit={submit} aria-labelledby={legendId}>
      <fieldset className="form-group settings-group">
        <legend id={legendId}>{section.title}</legend>
        {fields.length < section.fields.length && <p className="settings-note">{ADMINS_ONLY_NOTE}</p>}
        {children}
        {fields.map(([key, label, { optional, ...props }]) => (
          <Field key={key} label={label} {...field(key)} required={!optional} {...props} />
        ))}
        {/* The section's texts in Bengali after its English ones, so the keyboard goes through those as before. */}
        {fields
          .filter(([key]) => key in WITH_BENGALI)
          .map(([key, , { optional: _optional, ...props }]) => (
            <BengaliField key={`${key} bn`} label={WITH_BENGALI[key]} name={key} field={field} {...props} />
          ))}
        {photos.map(({ key, ...picker }) => (
          <PhotoPicker
            key={key}
            {...picker}
            current={settings[key]}
            value={form[key]}
            onChange={(value) => set(key, value)}
            error={errors[key]}
          />
        ))}
      </fieldset>
      <FormActions
        submitLabel={
          <>
            Save<span className="visually-hidden"> {section.title}</span>
          </>
        }
        busy={busy}
        message={message}
        unsaved={dirty}
      />
    </form>
  );
}

/**
 * Why a section's Save sent nothing, and where the edits are when they are in other sections: each section saves
 * only its own.
 */
function nothingChanged(title) {
  const elsewhere = unsavedForms();
  if (elsewhere.length === 0) return `Nothing has changed in ${title}`;
  const where = elsewhere.join(', ');
  return `Nothing has changed in ${title}. Unsaved changes are in: ${where}; each section has its own Save.`;
}
