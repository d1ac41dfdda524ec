import { useId, useState } from "react";
import { FieldError } from "#app/components/ui/text-field.tsx";
import { timeZoneNames, zonedTimeToInstant } from "#app/lib/zoned-time.ts";
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

/** What is wrong with a "later" choice, in the server's words, or null; the server checks again. */
export function releaseProblem(choice: ReleaseChoice, now = Date.now()): string | null {
  if (choice.mode === "now") return null;
  if (!choice.at) return RELEASE_TEXT.timeRequired;
  const result = zonedTimeToInstant(choice.at, choice.timeZone);
  if (!result.ok) return result.message;
  return result.instant <= now ? RELEASE_TEXT.inThePast : null;
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
  // The zone list is long: built once, when the artist first picks "later".
  const [zones] = useState(() => {
    const names = timeZoneNames();
    return names.includes(value.timeZone) ? names : [value.timeZone, ...names];
  });
  const set = (patch: Partial<ReleaseChoice>) => onChange({ ...value, ...patch });
  const later = value.mode === "later";
  return (
    <div className="space-y-4">
      <fieldset className={boxStyles}>
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
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-at`} className="mb-1 block text-sm font-medium">
                {RELEASE_TEXT.atLabel}
              </label>
              <input
                id={`${id}-at`}
                type="datetime-local"
                name="releaseAt"
                step={1}
                value={value.at}
                onChange={(event) => set({ at: event.currentTarget.value })}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className={controlStyles}
              />
            </div>
            <div>
              <label htmlFor={`${id}-zone`} className="mb-1 block text-sm font-medium">
                {RELEASE_TEXT.zoneLabel}
              </label>
              <select
                id={`${id}-zone`}
                name="releaseTimeZone"
                value={value.timeZone}
                onChange={(event) => set({ timeZone: event.currentTarget.value })}
                className={controlStyles}
              >
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </select>
            </div>
            <FieldError id={`${id}-error`} message={error ?? undefined} className="sm:col-span-2" />
          </div>
        ) : null}
      </fieldset>
      <Choice
        id={`${id}-latest`}
        name="isLatest"
        checked={value.isLatest}
        onChange={(isLatest) => set({ isLatest })}
        label={later ? RELEASE_TEXT.latestLabel : LATEST_TEXT.label}
        hint={LATEST_TEXT.hint}
      />
      {later ? (
        <Choice
          id={`${id}-announce`}
          name="announce"
          checked={mailOn && value.announce}
          disabled={!mailOn}
          onChange={(announce) => set({ announce })}
          label={RELEASE_TEXT.announceLabel}
          hint={mailOn ? RELEASE_TEXT.announceHint : RELEASE_TEXT.announceOff}
        />
      ) : null}
    </div>
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
}) {
  return (
    <div className={`flex items-start gap-3 ${boxStyles}`}>
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
        <label htmlFor={props.id} className="block font-medium">
          {props.label}
        </label>
        <p id={`${props.id}-hint`} className="text-sm text-stone-600 dark:text-stone-400">
          {props.hint}
        </p>
      </div>
    </div>
  );
}
