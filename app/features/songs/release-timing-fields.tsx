import { useId, useState } from "react";
import { FieldError } from "#app/components/ui/text-field.tsx";
import { timeZoneNames, zonedTimeToInstant } from "#app/lib/time/zoned-time.ts";
import { LATEST_TEXT, RELEASE_TEXT } from "./ui-text.ts";

/** The wizard's choice of when a new song comes out. */
export type ReleaseChoice = { mode: "now" | "later"; at: string; timeZone: string; announce: boolean; isLatest: boolean };

export const initialReleaseChoice = (): ReleaseChoice => ({
  mode: "now",
  at: "",
  timeZone: typeof Intl === "undefined" ? "UTC" : Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC",
  announce: false,
  isLatest: false,
});

/** What is wrong with a release moment typed in a zone, in the server's words, or null; the server checks again. */
export function releaseTimeProblem(at: string, timeZone: string, now = Date.now()): string | null {
  if (!at) return RELEASE_TEXT.timeRequired;
  const result = zonedTimeToInstant(at, timeZone);
  if (!result.ok) return result.message;
  return result.instant <= now ? RELEASE_TEXT.inThePast : null;
}

/** What is wrong with a "later" choice, or null. */
export const releaseProblem = (choice: ReleaseChoice, now = Date.now()): string | null =>
  choice.mode === "now" ? null : releaseTimeProblem(choice.at, choice.timeZone, now);

/** The zones to offer, with `current` first when the browser's list lacks it; built once, as it is long. */
export function useZoneNames(current: string | null): string[] {
  const [zones] = useState(() => {
    if (current === null) return [];
    const names = timeZoneNames();
    return names.includes(current) ? names : [current, ...names];
  });
  return zones;
}

const boxStyles = "rounded-2xl border border-stone-200 p-4 dark:border-stone-800";
const controlStyles =
  "w-full rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-base dark:border-stone-700 dark:bg-stone-900 aria-[invalid=true]:border-red-600 dark:aria-[invalid=true]:border-red-400";

/**
 * Out now, or at a set time in the artist's zone (the browser's, changeable),
 * with whether it becomes the latest release and whether its coming out mails
 * the list. The seconds field is there for a release timed to the second.
 */
export function ReleaseTimingFields({
  value,
  onChange,
  error,
  mailOn,
}: {
  value: ReleaseChoice;
  onChange: (next: ReleaseChoice) => void;
  error: string | null;
  /** Whether the site can send mail (else announcing is not offered). */
  mailOn: boolean;
}) {
  const id = useId();
  const zones = useZoneNames(value.timeZone);
  const set = (patch: Partial<ReleaseChoice>) => onChange({ ...value, ...patch });
  const later = value.mode === "later";
  return (
    <div className="space-y-4">
      <fieldset className={`min-w-0 ${boxStyles}`}>
        <legend className="px-1 text-sm font-semibold">{RELEASE_TEXT.whenLabel}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
          {(["now", "later"] as const).map((mode) => (
            <label key={mode} className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name="releaseMode"
                value={mode}
                checked={value.mode === mode}
                onChange={() => set({ mode })}
                className="size-4 accent-brand-600 dark:accent-brand-400"
              />
              {mode === "now" ? RELEASE_TEXT.now : RELEASE_TEXT.later}
            </label>
          ))}
        </div>
        {later ? (
          <ReleaseMomentFields
            id={id}
            at={value.at}
            timeZone={value.timeZone}
            zones={zones}
            error={error}
            onChange={(moment) => set(moment)}
            named
            className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2"
            controlClassName={controlStyles}
            errorClassName="sm:col-span-2"
          />
        ) : null}
      </fieldset>
      <Choice
        id={`${id}-latest`}
        name="isLatest"
        checked={value.isLatest}
        onChange={(isLatest) => set({ isLatest })}
        label={later ? RELEASE_TEXT.latestLabel : LATEST_TEXT.label}
        hint={LATEST_TEXT.hint}
        boxed
      />
      {later ? (
        <AnnounceChoice id={`${id}-announce`} checked={value.announce} mailOn={mailOn} onChange={(announce) => set({ announce })} boxed />
      ) : null}
    </div>
  );
}

/**
 * The release's date-time (to the second) and zone, with the message that
 * belongs to them; `named` gives the controls form names, for the wizard.
 */
export function ReleaseMomentFields(props: {
  id: string;
  at: string;
  timeZone: string;
  zones: string[];
  error: string | null;
  onChange: (moment: { at: string; timeZone: string }) => void;
  named?: boolean;
  className: string;
  controlClassName: string;
  errorClassName?: string;
}) {
  const { id, at, timeZone, error } = props;
  return (
    <div className={props.className}>
      <div>
        <label htmlFor={`${id}-at`} className="mb-1 block text-sm font-medium">
          {RELEASE_TEXT.atLabel}
        </label>
        <input
          id={`${id}-at`}
          type="datetime-local"
          name={props.named ? "releaseAt" : undefined}
          step={1}
          value={at}
          onChange={(event) => props.onChange({ at: event.currentTarget.value, timeZone })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={props.controlClassName}
        />
      </div>
      <div>
        <label htmlFor={`${id}-zone`} className="mb-1 block text-sm font-medium">
          {RELEASE_TEXT.zoneLabel}
        </label>
        <select
          id={`${id}-zone`}
          name={props.named ? "releaseTimeZone" : undefined}
          value={timeZone}
          onChange={(event) => props.onChange({ at, timeZone: event.currentTarget.value })}
          className={props.controlClassName}
        >
          {props.zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={`${id}-error`} message={error ?? undefined} className={props.errorClassName} />
    </div>
  );
}

/** "Mail my subscribers when it comes out": offered only when the site sends mail, and saying why not. */
export function AnnounceChoice(props: {
  id: string;
  checked: boolean;
  mailOn: boolean;
  onChange: (checked: boolean) => void;
  boxed?: boolean;
}) {
  return (
    <Choice
      id={props.id}
      name="announce"
      checked={props.mailOn && props.checked}
      disabled={!props.mailOn}
      onChange={props.onChange}
      label={RELEASE_TEXT.announceLabel}
      hint={props.mailOn ? RELEASE_TEXT.announceHint : RELEASE_TEXT.announceOff}
      boxed={props.boxed}
    />
  );
}

function Choice(props: {
  id: string;
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
  boxed?: boolean;
}) {
  return (
    <div className={`flex items-start gap-3 ${props.boxed ? boxStyles : ""}`}>
      <input
        id={props.id}
        type="checkbox"
        name={props.name}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
        aria-describedby={`${props.id}-hint`}
        className="mt-0.5 size-5 shrink-0 accent-brand-600 dark:accent-brand-400"
      />
      <div className="min-w-0">
        <label htmlFor={props.id} className={`block font-medium ${props.boxed ? "" : "text-sm"}`}>
          {props.label}
        </label>
        <p id={`${props.id}-hint`} className="text-sm text-stone-600 dark:text-stone-400">
          {props.hint}
        </p>
      </div>
    </div>
  );
}
