// /admin/team: the rosters (add, rename, reorder, delete), a new year's team copied from another ("Start a new year":
// members and photos come along), which one /team shows as the core team, and the members of the chosen roster
// (add, edit, reorder, delete). The chosen roster is in the address (?team=slug), so it survives a reload.
import { Link, useSearchParams } from 'react-router-dom';
import { DeleteButton } from '../../../components/admin/delete-button.jsx';
import { BengaliField, bengaliValues, sendWithBengali } from '../../../components/admin/bengali-fields.jsx';
import { FormDialog } from '../../../components/admin/form-dialog.jsx';
import { HistoryPanel } from '../../../components/admin/history-panel.jsx';
import { OrderedTable } from '../../../components/admin/ordered-table.jsx';
import { Field } from '../../../components/field.jsx';
import { rosterList, useContent } from '../../../lib/content.js';
import { copyRoster, makeCoreTeam, rosterCalls } from '../api.js';
import { MembersTable } from './members-table.jsx';
import { formerCoreAddress, nextYearAddress } from './page-addresses.js';
import './rosters-admin-page.css';

const CORE = 'core';
const publicPath = (slug) => (slug === CORE ? '/team' : `/team${slug}`);
// A page address as the server keeps it.
const slugOf = (typed) => typed.trim().toLowerCase();
// A suggested address or title is selected as its field is reached, so typing replaces it.
const selectAll = (event) => event.target.select();

/** What the rename form changes: the slug and the title, each only when it differs. */
function rosterChanges(roster, form) {
  const changes = {};
  if (slugOf(form.slug) !== roster.slug) changes.slug = slugOf(form.slug);
  if (form.title !== roster.title) changes.title = form.title;
  return changes;
}

export function RostersAdminPage() {
  const { teams, reload } = useContent();
  const rosters = rosterList(teams);
  const [params, setParams] = useSearchParams();
  const wanted = params.get('team');
  const chosen = (wanted && Object.hasOwn(teams, wanted) ? teams[wanted] : teams[CORE]) ?? rosters[0];
  const choose = (slug) => setParams({ team: slug }, { replace: true });
  const slugs = rosters.map((roster) => roster.slug);
  // The address a new year's team gets unless the admin chooses another, and the example the forms give.
  const nextYear = nextYearAddress(slugs);

  // A new roster, or a new slug for the roster on show, becomes the one whose members are managed.
  const showSaved = (form) => {
    choose(slugOf(form.slug));
    reload();
  };

  const columns = [
    { header: 'Title', cell: (roster) => roster.title },
    {
      header: 'Page',
      cell: (roster) => (
        <Link to={publicPath(roster.slug)}>
          {publicPath(roster.slug)}
          <span className="visually-hidden"> (the page of {roster.title})</span>
        </Link>
      ),
    },
    { header: 'Members', cell: (roster) => roster.members.length },
    {
      header: 'Rename',
      action: true,
      cell: (roster) => (
        <FormDialog
          button="Rename"
          rowName={roster.title}
          title="Rename team"
          submitLabel="Save"
          initial={{ slug: roster.slug, title: roster.title, ...bengaliValues(['title'], roster) }}
          send={withBengaliTitle(roster, (form) => rosterCalls.update(roster._id, rosterChanges(roster, form)))}
          success="Updated Successfully"
          onSaved={roster._id === chosen?._id ? showSaved : reload}
        >
          {(form) => (
            <>
              <RosterFields form={form} core={roster.slug === CORE} example={nextYear} />
              <HistoryPanel
                kind="roster"
                id={roster._id}
                onRestored={() => {
                  form.close();
                  reload();
                }}
              />
            </>
          )}
        </FormDialog>
      ),
    },
    {
      header: 'Core team',
      action: true,
      cell: (roster) =>
        roster.slug === CORE ? (
          'Shown at /team'
        ) : (
          <FormDialog
            button="Show at /team"
            rowName={roster.title}
            title={`Show ${roster.title} at /team`}
            submitLabel="Show at /team"
            initial={{ formerSlug: formerCoreAddress(slugs, roster.slug) }}
            send={(form) => makeCoreTeam(roster._id, slugOf(form.formerSlug))}
            success="The core team is changed"
            onSaved={() => {
              choose(CORE);
              reload();
            }}
          >
            {({ field }) => (
              <>
                <p>
                  {roster.title} becomes the core team on /team. The core team until now,{' '}
                  {teams[CORE]?.title ?? 'the current one'}, keeps its members at a page of its own:
                </p>
                <AddressField
                  label={`Its new page address: what follows /team (${formerCoreAddress(slugs, roster.slug)} is free)`}
                  {...field('formerSlug')}
                />
              </>
            )}
          </FormDialog>
        ),
    },
    {
      header: 'Delete',
      action: true,
      cell: (roster) =>
        roster.slug !== CORE && (
          <DeleteButton
            rowName={roster.title}
            question={`Delete the team "${roster.title}" and its ${roster.members.length} members?`}
            remove={() => rosterCalls.remove(roster._id)}
            success="Team deleted"
            onDeleted={reload}
            bin={{ kind: 'roster', id: roster._id }}
          />
        ),
    },
  ];

  const createButton = (
    <FormDialog
      button="Create team"
      title="Create team"
      initial={{ slug: '', title: '', ...bengaliValues(['title']) }}
      send={withBengaliTitle(undefined, (form) => rosterCalls.create({ slug: slugOf(form.slug), title: form.title }))}
      success="Created Successfully"
      onSaved={showSaved}
    >
      {(form) => <RosterFields form={form} example={nextYear} />}
    </FormDialog>
  );

  const newYearButton = (
    <FormDialog
      button="Start a new year"
      title="Start a new year"
      submitLabel="Create team"
      initial={{
        from: String(teams[CORE]?._id ?? rosters[0]?._id ?? ''),
        slug: nextYear,
        title: `Team ${nextYear}`,
        ...bengaliValues(['title']),
      }}
      send={withBengaliTitle(undefined, (form) => copyRoster(form.from, { slug: slugOf(form.slug), title: form.title }))}
      success="Team Created"
      onSaved={showSaved}
    >
      {(form) => (
        <>
          <p>A new team starts with a copy of another team's members and photos: remove those who left, add the new.</p>
          <Field
            label="Copy the members of"
            as="select"
            {...form.field('from')}
            required
            options={rosters.map(({ _id, title, members }) => [String(_id), `${title} (${members.length} members)`])}
          />
          <RosterFields form={form} example={nextYear} />
        </>
      )}
    </FormDialog>
  );

  return (
    <div className="admin-stack">
      <OrderedTable
        title="Teams"
        actions={
          <>
            {createButton}
            {newYearButton}
          </>
        }
        columns={columns}
        rows={rosters}
        empty="No teams yet."
        save={rosterCalls.order}
        rowName={(roster) => roster.title}
      />

      {chosen && (
        <div className="admin-stack">
          <div className="roster-choice">
            <Field
              label="Team whose members you manage"
              as="select"
              value={chosen.slug}
              onChange={(event) => choose(event.target.value)}
              options={rosters.map((roster) => [roster.slug, roster.title])}
            />
          </div>
          <MembersTable key={chosen._id} roster={chosen} />
        </div>
      )}
    </div>
  );
}

/**
 * A roster's page address (read-only for the core team, which always lives at /team) and title; `example` is a free
 * address to show as one (the next year's).
 */
function RosterFields({ form: { field }, core = false, example }) {
  return (
    <>
      <AddressField
        label={
          core
            ? 'Page address (the core team always lives at /team)'
            : `Page address: what follows /team, e.g. ${example} for the page /team${example}`
        }
        {...field('slug')}
        readOnly={core}
      />
      <Field label={`Title, e.g. Team ${example}`} {...field('title')} onFocus={selectAll} required maxLength={100} />
      <BengaliField label="টিমের নাম" name="title" field={field} maxLength={100} />
    </>
  );
}

/** `send(form)` for `roster` (a new one: from the answer's `_id`), with its title's Bengali stored after it. */
const withBengaliTitle = (roster, send) =>
  sendWithBengali({
    kind: 'roster',
    names: ['title'],
    send,
    recordOf: (response) => roster?._id ?? response.data?._id,
    before: bengaliValues(['title'], roster),
  });

/** A roster's page address, what follows /team: the server's rule for it, checked before the form is sent. */
function AddressField(props) {
  return (
    <Field
      onFocus={selectAll}
      required
      maxLength={20}
      pattern="[a-zA-Z0-9\-]+"
      title="Letters a-z, digits and -"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
