import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { formatDate } from "#app/lib/time/format-date.ts";
import type { FormAnswer } from "#app/lib/http/wire.ts";
import type { CodesAreaResult } from "./codes-action.server.ts";
import type { CodeRelease } from "./codes.server.ts";
import { CODE_LIMITS, CODES_TEXT } from "./codes-ui-text.ts";

/** The browser's time zone, for the last day's end: UTC until the app runs. */
function useTimeZone(): string {
  const [zone, setZone] = useState("UTC");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"), []);
  return zone;
}

/**
 * Making a batch: a plain form post, so it works before the app has started.
 * A refusal comes back with what was typed and each message beside its field.
 */
export function CodeBatchForm({ releases, answer }: { releases: CodeRelease[]; answer: FormAnswer<CodesAreaResult> | null }) {
  const zone = useTimeZone();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "make";
  const typed = answer && !answer.ok ? answer.values : undefined;
  const errors = answer && !answer.ok ? answer.fields : {};
  const form = useRef<HTMLFormElement>(null);
  // A batch made: the form is ready for the next one.
  useEffect(() => {
    if (answer?.ok) form.current?.reset();
  }, [answer]);
  if (releases.length === 0) return <p className="text-sm text-stone-600 dark:text-stone-400">{CODES_TEXT.noReleases}</p>;
  return (
    <Form
      ref={form}
      method="post"
      noValidate
      className="space-y-5"
      // A second press while the first is on its way would make a second batch.
      onSubmit={(event) => {
        if (sending) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="make" />
      <input type="hidden" name="zone" value={zone} />
      <SelectField
        name="releaseId"
        label={CODES_TEXT.releaseLabel}
        defaultValue={typed?.releaseId ?? releases[0]?.id}
        error={errors.releaseId}
      >
        {releases.map((release) => (
          <option key={release.id} value={release.id}>
            {release.coming
              ? CODES_TEXT.releaseComing(release.title, formatDate(release.coming.at, release.coming.timeZone))
              : release.title}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 sm:grid-cols-2">
        <TextField
          name="count"
          label={CODES_TEXT.countLabel}
          hint={CODES_TEXT.countHint}
          type="number"
          inputMode="numeric"
          min={1}
          max={CODE_LIMITS.count}
          defaultValue={typed?.count ?? "20"}
          error={errors.count}
        />
        <TextField
          name="uses"
          label={CODES_TEXT.usesLabel}
          hint={CODES_TEXT.usesHint}
          type="number"
          inputMode="numeric"
          min={1}
          max={CODE_LIMITS.uses}
          defaultValue={typed?.uses ?? "1"}
          error={errors.uses}
        />
      </div>
      <TextField
        name="expires"
        label={CODES_TEXT.expiresLabel}
        hint={CODES_TEXT.expiresHint}
        type="date"
        defaultValue={typed?.expires ?? ""}
        error={errors.expires}
      />
      <TextField
        name="note"
        label={CODES_TEXT.noteLabel}
        hint={CODES_TEXT.noteHint}
        maxLength={CODE_LIMITS.note + 50}
        autoComplete="off"
        defaultValue={typed?.note ?? ""}
        error={errors.note}
      />
      <div className="flex flex-wrap items-center gap-4" aria-live="polite">
        <Button type="submit" variant="primary" aria-disabled={sending}>
          {CODES_TEXT.make}
        </Button>
        {answer && !answer.ok && Object.keys(errors).length === 0 ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {answer.error}
          </p>
        ) : null}
      </div>
    </Form>
  );
}
