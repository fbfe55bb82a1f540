// /admin/email: whether email is on and what to do when it is off, the mail server and addresses (those the
// server's command line sets are shown, not offered), a test email, and the outbox of mail waiting or given up on.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Received } from '../../../components/admin/cells.jsx';
import { deleteColumn } from '../../../components/admin/delete-button.jsx';
import { PagedTable } from '../../../components/admin/paged-table.jsx';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes.js';
import { NEWEST_FIRST, OLDEST_FIRST, usePagedList } from '../../../components/admin/use-paged-list.js';
import { Field } from '../../../components/field.jsx';
import { FormActions } from '../../../components/form-actions.jsx';
import { notifyDone, notifyRefusal, useApiData, useForm } from '../../../lib/api-hooks.js';
import { useSession } from '../../../lib/session.js';
import { notify } from '../../../lib/toast.js';
import { deleteMail, fetchMailSettings, fetchOutbox, retryMail, saveMailSettings, sendTestMail } from '../api.js';
import './mail-admin-page.css';

export function MailAdminPage() {
  const { data: settings, loadFailed, reload } = useApiData(fetchMailSettings);
  return (
    <section aria-labelledby="mail-title" className="mail-admin">
      <h2 id="mail-title">Email</h2>
      {settings === null ? (
        <p className="page-loading">{loadFailed ? 'The email settings could not be loaded.' : 'Loading…'}</p>
      ) : (
        <>
          <MailStatus settings={settings} />
          <SettingsForm key={JSON.stringify(settings)} settings={settings} onSaved={reload} />
          {settings.enabled && <TestMailForm />}
        </>
      )}
      <Outbox />
    </section>
  );
}

/** Whether email is on, and what to do about what is missing. */
function MailStatus({ settings }) {
  if (!settings.enabled) {
    return (
      <div className="mail-status mail-status-off">
        <p>
          <strong>Email is off.</strong> New contact messages are only kept here in the admin area, the login page
          offers no “Forgot password?” link, and problems of the site show only at the top of the admin screens, with
          no email to the admins.
        </p>
        <p>
          To turn email on, enter your mail server and a sender address below (your email provider lists its SMTP
          server, port and whether it uses STARTTLS or TLS), or start the server with <code>--smtp-url</code> and{' '}
          <code>--mail-from</code>.
        </p>
      </div>
    );
  }
  return (
    <div className="mail-status mail-status-on">
      <p>
        <strong>Email is on.</strong> New contact messages are emailed to{' '}
        {settings.contactTo ? settings.contactTo : 'every admin'}.
      </p>
      <p>
        When a problem shown at the top of the admin screens lasts a day (backups or off-site copies failing, the disk
        nearly full, the HTTPS certificate not renewed), every admin gets an email about it, once a day while it lasts.
      </p>
      {!settings.resetsEnabled && (
        <p>
          Password-reset emails cannot be sent yet: set the site address on <Link to="/admin/settings">Settings</Link>{' '}
          (or start the server with <code>--site-url</code> or <code>--domain</code>), so that their links point at
          this site.
        </p>
      )}
    </div>
  );
}

const FIELDS = ['host', 'port', 'security', 'username', 'password', 'sender', 'contactTo'];

/** The form's values from the settings; the password box always starts empty. */
function initialValues(settings) {
  const values = Object.fromEntries(FIELDS.map((key) => [key, String(settings[key] ?? '')]));
  return { ...values, password: '' };
}

function SettingsForm({ settings, onSaved }) {
  const fromCommandLine = settings.fromCommandLine;
  const initial = initialValues(settings);
  const editable = FIELDS.filter((key) => {
    if (['host', 'port', 'security', 'username', 'password'].includes(key)) return !fromCommandLine.server;
    if (key === 'sender') return !fromCommandLine.sender;
    return true;
  });

  const changes = (form) => {
    const body = {};
    for (const key of editable) {
      if (key === 'password') {
        if (form.password !== '') body.password = form.password;
      } else if (form[key] !== initial[key]) {
        body[key] = key === 'port' ? Number(form.port) : form[key];
      }
    }
    return body;
  };

  const { form, field, submit, busy, message } = useForm(initial, {
    check: (values) => {
      const changed = Object.keys(changes(values)).length > 0;
      if (!changed) notify.warning('Nothing has changed');
      return changed;
    },
    send: (values) => saveMailSettings(changes(values)),
    onSuccess: (response) => {
      notifyDone(response, 'Email settings saved');
      onSaved();
    },
  });
  const on = (key) => editable.includes(key);
  const unsaved = Object.keys(changes(form)).length > 0;
  useUnsavedChanges('Email settings', unsaved);

  return (
    <form className="form-card mail-form" onSubmit={submit} aria-labelledby="mail-settings-title">
      <h3 id="mail-settings-title">Email settings</h3>
      <fieldset className="form-group">
        <legend>Mail server</legend>
        {on('host') ? (
          <>
            <Field label="SMTP server (empty: email off)" {...field('host')} placeholder="smtp.example.org" />
            <Field label="Port" {...field('port')} type="number" inputMode="numeric" min={1} max={65535} required />
            <Field label="Security" as="select" {...field('security')}>
              <option value="starttls">STARTTLS (usually port 587)</option>
              <option value="tls">TLS (usually port 465)</option>
              <option value="none">None (only a relay on this machine or network)</option>
            </Field>
            <Field label="User name" {...field('username')} autoComplete="off" />
            <Field
              label={settings.passwordSet ? 'Password (empty: keep the stored one)' : 'Password'}
              {...field('password')}
              type="password"
              autoComplete="new-password"
            />
          </>
        ) : (
          <p className="mail-fixed">
            The server's command line sets the mail server (<code>--smtp-url</code>): {settings.host}:{settings.port} (
            {settings.security}
            {settings.username ? `, as ${settings.username}` : ''}).
          </p>
        )}
      </fieldset>
      <fieldset className="form-group">
        <legend>Addresses</legend>
        {on('sender') ? (
          <Field label="Send from (the site's address)" {...field('sender')} type="email" />
        ) : (
          <p className="mail-fixed">
            Mail is sent from {settings.sender}, set by the server's command line (<code>--mail-from</code>).
          </p>
        )}
        <Field label="Send contact messages to (empty: every admin)" {...field('contactTo')} type="email" />
        <p className="mail-fixed">
          {settings.siteAddress ? (
            <>Links in emails point at {settings.siteAddress}, the site address on </>
          ) : (
            <>Links in emails need the site address, set on </>
          )}
          <Link to="/admin/settings">Settings</Link>.
        </p>
      </fieldset>
      <FormActions submitLabel="Save email settings" busy={busy} message={message} unsaved={unsaved} />
      {form.security === 'none' && on('host') && form.host && (
        <p className="mail-warning">Without TLS the password and the mail cross the network unencrypted.</p>
      )}
    </form>
  );
}

function TestMailForm() {
  const { user } = useSession();
  const [result, setResult] = useState('');
  const { field, submit, busy, message } = useForm(
    { to: user?.email ?? '' },
    {
      send: (values) => {
        setResult('');
        return sendTestMail(values.to);
      },
      onSuccess: (response) => {
        notifyDone(response, 'Test email sent');
        setResult(response.data?.msg ?? 'Test email sent');
      },
    },
  );
  return (
    <form className="form-card mail-form" onSubmit={submit} aria-labelledby="mail-test-title">
      <h3 id="mail-test-title">Send a test email</h3>
      <Field label="Send it to" {...field('to')} type="email" required />
      <FormActions submitLabel="Send a test email" busy={busy} message={message} />
      <p role="status" className="mail-result">
        {result}
      </p>
    </form>
  );
}

const sorts = [OLDEST_FIRST, NEWEST_FIRST];

const KINDS = {
  contact: 'Contact message',
  reset: 'Password reset',
  invitation: 'Invitation',
  alert: 'Alert to admins',
  thanks: 'Thank-you to a donor',
};

function Outbox() {
  const list = usePagedList(fetchOutbox, { sorts });
  const retry = async (mail) => {
    const response = await retryMail(mail._id);
    if (!response.ok) {
      notifyRefusal(response);
      return;
    }
    notifyDone(response, 'Sending again now');
    list.reload();
  };

  const columns = [
    { header: 'Queued', cell: (mail) => <Received timestamp={mail.createdAt} /> },
    { header: 'What', cell: (mail) => KINDS[mail.kind] ?? mail.kind },
    {
      header: 'To',
      cell: (mail) => mail.recipients.split('\n').join(', '),
      className: 'cell-address mail-recipients',
    },
    { header: 'Subject', cell: (mail) => mail.subject },
    { header: 'Status', cell: (mail) => (mail.status === 'failed' ? 'Failed' : 'Waiting') },
    { header: 'Attempts', cell: (mail) => mail.attempts },
    {
      header: 'Next attempt',
      cell: (mail) => {
        if (mail.status === 'failed') return '—';
        // Unix milliseconds, as the outbox keeps them: written as every other date of the admin area.
        return mail.nextAttemptAt ? <Received timestamp={new Date(mail.nextAttemptAt).toISOString()} /> : 'now';
      },
    },
    { header: 'Last error', cell: (mail) => mail.lastError ?? '', className: 'mail-error' },
    {
      header: 'Retry',
      // A reset mail given up on or past its hour has lost its link: the visitor asks for a new one.
      cell: (mail) =>
        mail.linkRemoved ? (
          'Link removed'
        ) : (
          <button type="button" className="button button-small" onClick={() => retry(mail)}>
            Retry now<span className="visually-hidden"> {mail.subject}</span>
          </button>
        ),
    },
    deleteColumn({
      rowName: (mail) => mail.subject,
      question: (mail) => `Delete the mail “${mail.subject}” without sending it?`,
      remove: deleteMail,
      success: 'Mail deleted',
      onDeleted: list.reload,
      // The outbox's buttons keep their labels on a phone, Retry's and Delete's alike.
      action: false,
    }),
  ];

  return (
    <PagedTable
      title="Outbox"
      actions={
        <button type="button" className="button button-outline" onClick={list.reload}>
          Refresh
        </button>
      }
      list={list}
      noun="mail"
      searchLabel="Search by address or subject"
      columns={columns}
      empty="No mail is waiting: everything was sent."
    />
  );
}
