import { inputStyles, TextField } from "#app/components/ui/text-field.tsx";
import { streamingServices } from "#app/domain/song.ts";
import { AnnounceChoice, ReleaseMomentFields } from "./release-timing-fields.tsx";
import type { ReleaseEdit } from "./song-edit.ts";
import type { SongField } from "./song-form-state.ts";
import { TITLE_MAX } from "./song-rules.ts";
import { EDIT_TEXT } from "./ui-text.ts";
import { linkInputAttributes, type useSongForm } from "./use-song-form.ts";

/** The editor's title and streaming links, pre-filled with the song's. */
export function EditorTextFields({
  formId,
  errorOf,
  inputProps,
}: {
  formId: string;
  errorOf: (field: SongField) => string | undefined;
  inputProps: ReturnType<typeof useSongForm>["inputProps"];
}) {
  return (
    <>
      <TextField
        id={`${formId}-title`}
        label="Title"
        name="title"
        required
        maxLength={TITLE_MAX}
        autoComplete="off"
        error={errorOf("title")}
        {...inputProps("title")}
      />
      <fieldset className="min-w-0 space-y-4">
        <legend className="mb-3 text-sm font-semibold">Streaming links (optional)</legend>
        {streamingServices.map((service) => (
          <TextField
            key={service.key}
            id={`${formId}-${service.key}`}
            label={service.label}
            name={service.key}
            {...linkInputAttributes}
            error={errorOf(service.key)}
            {...inputProps(service.key)}
          />
        ))}
      </fieldset>
    </>
  );
}

/** A scheduled song's moment and announcement; a released song has none to edit. */
export function EditorReleaseFields({
  formId,
  release,
  zones,
  mailOn,
  error,
  onChange,
}: {
  formId: string;
  release: ReleaseEdit;
  zones: string[];
  mailOn: boolean;
  error: string | undefined;
  /** `momentMoved`: the date, time or zone changed, not only the announcement. */
  onChange: (release: ReleaseEdit, momentMoved: boolean) => void;
}) {
  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className="mb-1 text-sm font-semibold">{EDIT_TEXT.releaseHeading}</legend>
      <p className="text-sm text-stone-600 dark:text-stone-400">{EDIT_TEXT.releaseShared}</p>
      <ReleaseMomentFields
        id={`${formId}-release`}
        at={release.at}
        timeZone={release.timeZone}
        zones={zones}
        error={error ?? null}
        onChange={(moment) => onChange({ ...release, ...moment }, true)}
        className="grid gap-4"
        controlClassName={inputStyles}
      />
      <AnnounceChoice
        id={`${formId}-announce`}
        checked={release.announce}
        mailOn={mailOn}
        onChange={(announce) => onChange({ ...release, announce }, false)}
      />
    </fieldset>
  );
}
