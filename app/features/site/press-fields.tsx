import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/text-field.tsx";
import { MAX_PRESS_QUOTES, MAX_PRESS_RELEASES, PRESS_CONTACT_ROLES, type PressWords } from "#app/domain/site/site-config-schema.ts";
import { RowButtons, useEditableRows } from "./editable-rows.tsx";
import { AreaField, Field, useSectionField } from "./section-fields.tsx";
import { PRESS_EDITOR_TEXT } from "./ui-text.ts";

type Quote = PressWords["quotes"][number];

/** The quotes as rows to edit, reorder and remove; each row's fields are its own (kept by its key as rows move). */
function QuoteFields({ quotes }: { quotes: Quote[] }) {
  const { rows, add, move, remove } = useEditableRows(quotes);
  const list = useSectionField("quotes");
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">{PRESS_EDITOR_TEXT.quotes}</legend>
      <p className="text-sm text-stone-600 dark:text-stone-400">{PRESS_EDITOR_TEXT.quotesHint}</p>
      <FieldError id="press-quotes-error" message={list.error} />
      <ol className="space-y-3">
        {rows.map((row, index) => (
          <li key={row.key} className="space-y-3 rounded-2xl border border-stone-200 p-4 dark:border-stone-800">
            <AreaField
              name={`quotes.${index}.text`}
              label={PRESS_EDITOR_TEXT.quoteText(index + 1)}
              defaultValue={row.text}
              maxLength={600}
              rows={3}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                name={`quotes.${index}.source`}
                label={PRESS_EDITOR_TEXT.quoteSource}
                hint={PRESS_EDITOR_TEXT.quoteSourceHint}
                defaultValue={row.source}
                maxLength={120}
              />
              <Field name={`quotes.${index}.url`} label={PRESS_EDITOR_TEXT.quoteUrl} type="url" defaultValue={row.url} maxLength={500} />
            </div>
            <RowButtons
              name={PRESS_EDITOR_TEXT.quoteName(index + 1)}
              index={index}
              count={rows.length}
              onMove={(to) => move(index, to)}
              onRemove={() => remove(row.key)}
            />
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        disabled={rows.length >= MAX_PRESS_QUOTES}
        onClick={() => add({ text: "", source: "", url: "" })}
      >
        {PRESS_EDITOR_TEXT.addQuote}
      </Button>
    </fieldset>
  );
}

function ReleaseChoices({ chosen, releases }: { chosen: string[]; releases: { id: string; title: string }[] }) {
  const { error } = useSectionField("releaseIds");
  return (
    <fieldset className="space-y-2" aria-describedby={error ? "press-releases-error" : undefined}>
      <legend className="text-sm font-semibold">{PRESS_EDITOR_TEXT.releases}</legend>
      <p className="text-sm text-stone-600 dark:text-stone-400">{PRESS_EDITOR_TEXT.releasesHint(MAX_PRESS_RELEASES)}</p>
      <FieldError id="press-releases-error" message={error} />
      {releases.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">{PRESS_EDITOR_TEXT.noReleases}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {releases.map((release, i) => (
            <li key={release.id}>
              <label className="flex items-center gap-3 rounded-xl border border-stone-200 px-3 py-2.5 text-sm dark:border-stone-800">
                <input
                  type="checkbox"
                  name={`releaseIds.${i}`}
                  value={release.id}
                  defaultChecked={chosen.includes(release.id)}
                  className="size-4 accent-brand-600"
                />
                {release.title}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** The press kit's own words in the Site area: bios, quotes, contacts and which releases it plays. */
export function PressFields({ press, releases }: { press: PressWords; releases: { id: string; title: string }[] }) {
  return (
    <>
      <AreaField
        name="shortBio"
        label={PRESS_EDITOR_TEXT.shortBio}
        hint={PRESS_EDITOR_TEXT.shortBioHint}
        defaultValue={press.shortBio}
        maxLength={1200}
        rows={4}
      />
      <AreaField
        name="longBio"
        label={PRESS_EDITOR_TEXT.longBio}
        hint={PRESS_EDITOR_TEXT.longBioHint}
        defaultValue={press.longBio}
        maxLength={12_000}
        rows={10}
      />
      <QuoteFields quotes={press.quotes} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">{PRESS_EDITOR_TEXT.contacts}</legend>
        <p className="text-sm text-stone-600 dark:text-stone-400">{PRESS_EDITOR_TEXT.contactsHint}</p>
        <div className="grid gap-4 md:grid-cols-3">
          {PRESS_CONTACT_ROLES.map((role) => (
            <div key={role} className="space-y-3 rounded-2xl border border-stone-200 p-4 dark:border-stone-800">
              <p className="text-sm font-semibold">{PRESS_EDITOR_TEXT.roles[role]}</p>
              <Field
                name={`contacts.${role}.name`}
                label={PRESS_EDITOR_TEXT.contactName}
                defaultValue={press.contacts[role].name}
                maxLength={80}
              />
              <Field
                name={`contacts.${role}.email`}
                label={PRESS_EDITOR_TEXT.contactEmail}
                type="email"
                defaultValue={press.contacts[role].email}
                maxLength={254}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <ReleaseChoices chosen={press.releaseIds} releases={releases} />
    </>
  );
}
