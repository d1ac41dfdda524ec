import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { inputStyles, TextField } from "#app/components/ui/text-field.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { RELEASE_KIND_NAME, type ReleaseChoiceOption } from "#app/domain/release.ts";
import { streamingServices } from "#app/domain/song.ts";
import { messageOf } from "#app/components/ui/use-field-errors.ts";
import { softDisabled } from "./add-song-steps.tsx";
import { ReleaseTimingFields, type ReleaseChoice } from "./release-timing-fields.tsx";
import { RELEASE_TEXT } from "./ui-text.ts";
import { formatDateTime } from "#app/lib/time/format-date.ts";
import type { SongField, TypedField } from "./song-form-state.ts";
import { TITLE_MAX } from "./song-rules.ts";
import type { useSongForm } from "./use-song-form.ts";
import { linkInputAttributes } from "./use-song-form.ts";
import type { WizardState } from "./wizard-reducer.ts";

/** A text field whose value is wrong wears it on its border too, not only in the words below. */
const fieldStyles = `${inputStyles} aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-600/30 dark:aria-[invalid=true]:border-red-400`;

/** The id of a typed field's input, so a submit can put the keyboard on the first wrong one. */
export const detailInputId = (formId: string, field: TypedField) => `${formId}-${field}`;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/** Fixed for every song (SPEC): shown as a fact, not as a field to edit. */
function ArtistFact({ artistName }: { artistName: string }) {
  return (
    <dl className="space-y-1.5">
      <dt className="text-sm font-medium text-stone-800 dark:text-stone-200">Artist</dt>
      <dd className="flex items-center gap-2 border-b border-dashed border-stone-300 py-3 text-base text-stone-900 dark:border-stone-700 dark:text-stone-100">
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0 text-stone-500 dark:text-stone-400">
          <path
            fillRule="evenodd"
            d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
            clipRule="evenodd"
          />
        </svg>
        <span className="min-w-0 truncate">{artistName}</span>
        <span className="ml-auto shrink-0 text-xs text-stone-500 dark:text-stone-400">Same on every song</span>
      </dd>
    </dl>
  );
}

/** The wizard's last step: title, the artist, streaming links and when the song comes out. */
export function DetailsStep({
  formId,
  state,
  artistName,
  mailOn,
  releases,
  releaseId,
  onReleaseId,
  inputProps,
  onRelease,
  onBack,
}: {
  formId: string;
  state: WizardState;
  artistName: string;
  mailOn: boolean;
  releases: readonly ReleaseChoiceOption[];
  /** The release it joins; "" for a single of its own. */
  releaseId: string;
  onReleaseId: (id: string) => void;
  inputProps: ReturnType<typeof useSongForm>["inputProps"];
  onRelease: (release: ReleaseChoice) => void;
  onBack: () => void;
}) {
  const errorId = (field: SongField) => `${formId}-${field}-error`;
  const errorOf = (field: SongField) => messageOf(state.errors, field);
  const invalidProps = (field: SongField) =>
    errorOf(field) ? ({ "aria-invalid": true, "aria-describedby": errorId(field) } as const) : ({ "aria-invalid": undefined } as const);
  const canSubmit = !!state.audio && !!state.cover && state.title.trim().length > 0;
  const joining = releases.find((release) => release.id === releaseId);
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div>
          <TextField
            id={detailInputId(formId, "title")}
            label="Title"
            name="title"
            required
            maxLength={TITLE_MAX}
            className={fieldStyles}
            {...invalidProps("title")}
            {...inputProps("title")}
          />
          <FieldError id={errorId("title")} message={errorOf("title")} />
        </div>
        <ArtistFact artistName={artistName} />
      </div>
      <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Streaming links (optional)</legend>
        {streamingServices.map((service) => (
          <div key={service.key}>
            <TextField
              id={detailInputId(formId, service.key)}
              label={service.label}
              name={service.key}
              {...linkInputAttributes}
              className={fieldStyles}
              {...invalidProps(service.key)}
              {...inputProps(service.key)}
            />
            <FieldError id={errorId(service.key)} message={errorOf(service.key)} />
          </div>
        ))}
      </fieldset>
      {releases.length > 0 ? (
        <SelectField
          id={`${formId}-release-id`}
          label="Part of"
          name="releaseId"
          value={releaseId}
          onChange={(event) => onReleaseId(event.target.value)}
          hint="A single of its own, or the next track of an album or EP you made under Releases."
        >
          <option value="">A single of its own</option>
          {releases.map((release) => (
            <option key={release.id} value={release.id}>
              {release.title} ({RELEASE_KIND_NAME[release.kind]})
            </option>
          ))}
        </SelectField>
      ) : null}
      {joining?.coming ? (
        <p role="note" className="rounded-2xl border border-stone-200 p-4 text-sm dark:border-stone-800">
          {RELEASE_TEXT.joinsComing(
            joining.title,
            `${formatDateTime(joining.coming.at, joining.coming.timeZone)} (${joining.coming.timeZone.replaceAll("_", " ")})`,
          )}
        </p>
      ) : (
        <ReleaseTimingFields value={state.release} mailOn={mailOn} error={errorOf("release") ?? null} onChange={onRelease} />
      )}
      <div className="flex justify-between">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        {/* Announced as disabled until audio, cover and title are there (SPEC), yet
            pressing it says what is missing instead of doing nothing. */}
        <button type="submit" className={`${buttonClass("primary")} ${softDisabled}`} aria-disabled={!canSubmit}>
          Add Song
        </button>
      </div>
    </>
  );
}
