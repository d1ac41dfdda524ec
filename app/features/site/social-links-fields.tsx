import { useId } from "react";
import { PlatformMark } from "#app/components/social-icons.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError, inputStyles } from "#app/components/ui/text-field.tsx";
import { MAX_SOCIAL_LINKS, type SocialLink } from "#app/domain/site/site-config-schema.ts";
import { SOCIAL_PLATFORMS, platformLabel, type SocialPlatform } from "#app/domain/site/social-platforms.ts";
import { RowButtons, useEditableRows, type Keyed } from "./editable-rows.tsx";
import { useSectionField } from "./section-fields.tsx";

type Row = Keyed<SocialLink>;

function SocialRow({
  row,
  index,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  row: Row;
  index: number;
  count: number;
  onChange: (row: Row) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const platform = useSectionField(`links.${index}.platform`);
  const url = useSectionField(`links.${index}.url`);
  const id = useId();
  const name = platformLabel(row.platform);
  return (
    <li className="grid gap-3 rounded-2xl border border-stone-200 p-3 sm:grid-cols-[auto_12rem_1fr_auto] sm:items-start dark:border-stone-800">
      <span className="hidden size-11 items-center justify-center rounded-full bg-stone-100 text-stone-700 sm:inline-flex dark:bg-stone-800 dark:text-stone-200">
        <PlatformMark platform={row.platform} /> {/* LinkedIn and Amazon Music show no mark anywhere. */}
      </span>
      <div>
        <label htmlFor={`${id}-platform`} className="sr-only">
          Platform {index + 1}
        </label>
        <select
          id={`${id}-platform`}
          name={`links.${index}.platform`}
          value={row.platform}
          className={inputStyles}
          aria-invalid={platform.error ? true : undefined}
          onChange={(event) => {
            platform.onInput(event);
            onChange({ ...row, platform: event.target.value as SocialPlatform });
          }}
        >
          {SOCIAL_PLATFORMS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-url`} className="sr-only">
          {name} {row.platform === "email" ? "address" : "link"}
        </label>
        <input
          id={`${id}-url`}
          name={`links.${index}.url`}
          value={row.url}
          maxLength={500}
          type={row.platform === "email" ? "email" : "url"}
          placeholder={row.platform === "email" ? "name@example.com" : "https://"}
          className={inputStyles}
          aria-invalid={url.error ? true : undefined}
          aria-describedby={url.error ? `${id}-url-error` : undefined}
          onChange={(event) => {
            url.onInput(event);
            onChange({ ...row, url: event.target.value });
          }}
        />
        <FieldError id={`${id}-url-error`} message={url.error} className="mt-1.5" />
      </div>
      <RowButtons name={name} index={index} count={count} onMove={onMove} onRemove={onRemove} />
    </li>
  );
}

/** The links as rows to edit, reorder and remove, up to the most the footer shows. */
export function SocialFields({ links }: { links: SocialLink[] }) {
  const { rows, add, change, move, remove } = useEditableRows(links);
  return (
    <div className="space-y-3">
      {rows.length === 0 ? <p className="text-sm text-stone-600 dark:text-stone-400">No links yet: the site shows none.</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => (
          <SocialRow
            key={row.key}
            row={row}
            index={index}
            count={rows.length}
            onChange={change}
            onMove={(to) => move(index, to)}
            onRemove={() => remove(row.key)}
          />
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        disabled={rows.length >= MAX_SOCIAL_LINKS}
        onClick={() => add({ platform: "instagram", url: "" })}
      >
        + Add a link
      </Button>
    </div>
  );
}
