import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/text-field.tsx";
import { MAX_SUPPORT_LINKS, type SupportWords } from "#app/domain/site/site-config-schema.ts";
import { RowButtons, useEditableRows } from "./editable-rows.tsx";
import { AreaField, Field, useSectionField } from "./section-fields.tsx";
import { SUPPORT_EDITOR_TEXT } from "./ui-text.ts";

/** How fans support the artist: a heading and a line, links to the artist's pages on payment sites, bank details. */
export function SupportFields({ support }: { support: SupportWords }) {
  const { rows, add, move, remove } = useEditableRows(support.links);
  const list = useSectionField("links");
  return (
    <>
      <Field
        name="heading"
        label={SUPPORT_EDITOR_TEXT.heading}
        hint={SUPPORT_EDITOR_TEXT.headingHint}
        defaultValue={support.heading}
        maxLength={80}
      />
      <AreaField
        name="text"
        label={SUPPORT_EDITOR_TEXT.text}
        hint={SUPPORT_EDITOR_TEXT.textHint}
        defaultValue={support.text}
        maxLength={400}
        rows={2}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">{SUPPORT_EDITOR_TEXT.links}</legend>
        <p className="text-sm text-stone-600 dark:text-stone-400">{SUPPORT_EDITOR_TEXT.linksHint}</p>
        <FieldError id="support-links-error" message={list.error} />
        <ol className="space-y-3">
          {rows.map((row, index) => (
            <li key={row.key} className="space-y-3 rounded-2xl border border-stone-200 p-4 dark:border-stone-800">
              <div className="grid gap-3 sm:grid-cols-[14rem_minmax(0,1fr)]">
                <Field
                  name={`links.${index}.label`}
                  label={SUPPORT_EDITOR_TEXT.label(index + 1)}
                  hint={SUPPORT_EDITOR_TEXT.labelHint}
                  defaultValue={row.label}
                  maxLength={40}
                />
                <Field name={`links.${index}.url`} label={SUPPORT_EDITOR_TEXT.url} type="url" defaultValue={row.url} maxLength={500} />
              </div>
              <RowButtons
                name={SUPPORT_EDITOR_TEXT.linkName(index + 1)}
                index={index}
                count={rows.length}
                onMove={(to) => move(index, to)}
                onRemove={() => remove(row.key)}
              />
            </li>
          ))}
        </ol>
        <Button variant="secondary" size="sm" disabled={rows.length >= MAX_SUPPORT_LINKS} onClick={() => add({ label: "", url: "" })}>
          {SUPPORT_EDITOR_TEXT.addLink}
        </Button>
      </fieldset>
      <AreaField
        name="bankTransfer"
        label={SUPPORT_EDITOR_TEXT.bank}
        hint={SUPPORT_EDITOR_TEXT.bankHint}
        defaultValue={support.bankTransfer}
        maxLength={600}
        rows={3}
      />
    </>
  );
}
