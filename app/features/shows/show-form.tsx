import { useEffect, useId, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { FormError, TextField } from "#app/components/ui/text-field.tsx";
import { useAnswer, type ShowsFetcher } from "./fetcher-answer.ts";
import { MAX_PLACE, MAX_TICKET_URL, MAX_VENUE, SHOW_STATUSES } from "./schema.ts";
import type { PublicShow } from "./show.ts";
import { SHOW_TEXT } from "./shows-area-text.ts";
import { focusField, useShowFieldErrors } from "./use-show-field-errors.ts";

/** The browser's own zone, when the server knows it too. */
function browserZone(timeZones: string[]): string {
  try {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return timeZones.includes(own) ? own : "";
  } catch {
    return "";
  }
}

/**
 * A show's fields, new or changed. The server checks everything and names
 * each problem beside its field; what was typed stays as typed until the
 * artist changes it.
 */
export function ShowForm({
  show,
  fetcher,
  timeZones,
  initialZone = "",
  focusFirst = false,
  onSaved,
  onCancel,
}: {
  show?: PublicShow;
  fetcher: ShowsFetcher;
  timeZones: string[];
  initialZone?: string;
  focusFirst?: boolean;
  onSaved?: (zone: string) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [zone, setZone] = useState(show?.timeZone ?? initialZone);
  const errors = useShowFieldErrors(form);
  const [formError, setFormError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";

  // Once, when the form appears: a new show starts in the artist's own zone (the
  // server cannot know it), and a form opened by a button takes the keyboard.
  const atMount = useRef({ fresh: !show && !initialZone, timeZones, focusFirst });
  useEffect(() => {
    const { fresh, timeZones: known, focusFirst: focus } = atMount.current;
    if (fresh) setZone((current) => current || browserZone(known));
    if (focus) focusField(form, "startsLocal");
  }, []);

  useAnswer(fetcher, (answer) => {
    if (answer.ok) {
      errors.clear();
      setFormError(null);
      onSaved?.(zone);
      return;
    }
    errors.showServerErrors(answer.fieldErrors ?? {});
    setFormError(answer.fieldErrors ? null : answer.error);
  });

  const zones = show && !timeZones.includes(show.timeZone) ? [show.timeZone, ...timeZones] : timeZones;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      className="mt-5 space-y-5"
      aria-label={show ? SHOW_TEXT.editHeading(show.venue) : SHOW_TEXT.addHeading}
      onSubmit={(event) => busy && event.preventDefault()}
    >
      <input type="hidden" name="intent" value={show ? "edit" : "add"} />
      {show ? <input type="hidden" name="id" value={show.id} /> : null}
      {/* One column (minmax 0): the zone list's longest name must not widen the form past a phone's screen. */}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-1">
        <TextField
          label={SHOW_TEXT.startsLabel}
          name="startsLocal"
          type="datetime-local"
          defaultValue={show?.startsLocal}
          hint={SHOW_TEXT.startsHint}
          error={errors.errorOf("startsLocal")}
          onInput={errors.onInput}
          required
        />
        <SelectField
          id={`${id}-zone`}
          label={SHOW_TEXT.zoneLabel}
          hint={SHOW_TEXT.zoneHint}
          error={errors.errorOf("timeZone")}
          name="timeZone"
          value={zone}
          required
          onChange={(event) => {
            setZone(event.currentTarget.value);
            errors.onChoose("timeZone");
          }}
        >
          <option value="" disabled>
            {SHOW_TEXT.zonePlaceholder}
          </option>
          {zones.map((name) => (
            <option key={name} value={name}>
              {name.replaceAll("_", " ")}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={SHOW_TEXT.venueLabel}
        name="venue"
        defaultValue={show?.venue}
        maxLength={MAX_VENUE}
        autoComplete="off"
        error={errors.errorOf("venue")}
        onInput={errors.onInput}
        required
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField
          label={SHOW_TEXT.cityLabel}
          name="city"
          defaultValue={show?.city}
          maxLength={MAX_PLACE}
          autoComplete="off"
          error={errors.errorOf("city")}
          onInput={errors.onInput}
          required
        />
        <TextField
          label={SHOW_TEXT.countryLabel}
          name="country"
          defaultValue={show?.country}
          maxLength={MAX_PLACE}
          autoComplete="off"
          error={errors.errorOf("country")}
          onInput={errors.onInput}
          required
        />
      </div>
      <TextField
        label={SHOW_TEXT.ticketLabel}
        name="ticketUrl"
        type="url"
        inputMode="url"
        placeholder="https://"
        defaultValue={show?.ticketUrl ?? ""}
        maxLength={MAX_TICKET_URL}
        hint={SHOW_TEXT.ticketHint}
        error={errors.errorOf("ticketUrl")}
        onInput={errors.onInput}
      />
      <SelectField
        id={`${id}-status`}
        label={SHOW_TEXT.statusLabel}
        error={errors.errorOf("status")}
        name="status"
        defaultValue={show?.status ?? "scheduled"}
        required
        onChange={() => errors.onChoose("status")}
      >
        {SHOW_STATUSES.map((status) => (
          <option key={status} value={status}>
            {SHOW_TEXT.statusOptions[status]}
          </option>
        ))}
      </SelectField>
      <FormError id={`${id}-form-error`} message={formError} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="primary" aria-disabled={busy || undefined}>
          {show ? (busy ? SHOW_TEXT.saving : SHOW_TEXT.save) : busy ? SHOW_TEXT.adding : SHOW_TEXT.add}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {SHOW_TEXT.cancel}
          </Button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
