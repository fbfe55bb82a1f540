// The site's own address on the Settings screen (admins only): what previews, the sitemap, the feed, certificate QR
// codes and the links in emails point at. It is stored with the email settings (the Email screen shows it too);
// `--site-url` or `--domain` fix it from the command line, and then it is shown, not edited.
import { FormActions } from '../../../components/form-actions.jsx';
import { Field } from '../../../components/field.jsx';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes.js';
import { useApiData, useForm } from '../../../lib/api-hooks.js';
import { notify } from '../../../lib/toast.js';
import { fetchMailSettings, saveMailSettings } from '../../../components/admin/mail-settings-api.js';

export function SiteAddressSection() {
  const { data, reload } = useApiData(fetchMailSettings);
  if (!data) return null;
  return <SiteAddressForm key={data.siteAddress ?? ''} settings={data} onSaved={reload} />;
}

function SiteAddressForm({ settings, onSaved }) {
  const initial = { siteAddress: settings.siteAddress ?? '' };
  const { form, field, submit, busy, message } = useForm(initial, {
    check: (values) => {
      const changed = values.siteAddress !== initial.siteAddress;
      if (!changed) notify.warning('Nothing has changed');
      return changed;
    },
    send: (values) => saveMailSettings({ siteAddress: values.siteAddress.trim() }),
    // The server's words name the whole email settings; here only the address changed.
    onSuccess: () => {
      notify.success('Site address saved');
      onSaved();
    },
  });
  const unsaved = form.siteAddress !== initial.siteAddress;
  useUnsavedChanges('Site address', unsaved);
  const fixed = settings.fromCommandLine?.siteAddress;
  return (
    <form className="form-card" onSubmit={submit} aria-labelledby="site-address-title">
      <h3 id="site-address-title">Site address</h3>
      {fixed ? (
        <p>
          Links in emails, link previews, the sitemap, the notices feed and certificate QR codes point at{' '}
          {settings.siteAddress}, set by the server&apos;s command line (<code>--site-url</code> or{' '}
          <code>--domain</code>).
        </p>
      ) : (
        <>
          <Field
            label="The address visitors use, for links in emails, previews, the sitemap and QR codes"
            {...field('siteAddress')}
            type="url"
            placeholder="https://jyoti.example.org"
          />
          <FormActions submitLabel="Save site address" busy={busy} message={message} unsaved={unsaved} />
        </>
      )}
    </form>
  );
}
