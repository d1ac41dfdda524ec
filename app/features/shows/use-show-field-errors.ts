import type { RefObject } from "react";
import { useFieldErrors, type FieldCheck } from "#app/components/ui/use-field-errors.ts";
import type { ShowField, ShowFieldErrors } from "./schema.ts";
import { errorsAfterChange, firstBadField, SHOW_FIELD_ORDER } from "./show-form-errors.ts";

/**
 * Nothing is checked in the browser: the server judges every field at once (a
 * skipped hour needs the zone's rules), so both a date and a missing venue are
 * named after one save. Every message shown is the server's.
 */
const SERVER_JUDGES: Record<ShowField, FieldCheck> = {
  startsLocal: () => null,
  timeZone: () => null,
  venue: () => null,
  city: () => null,
  country: () => null,
  ticketUrl: () => null,
  status: () => null,
};

/** After React has marked it invalid and linked its message, so a screen reader reads both. */
export const focusField = (form: RefObject<HTMLFormElement | null>, name: ShowField) =>
  requestAnimationFrame(() => {
    const field = form.current?.elements.namedItem(name);
    if (field instanceof HTMLElement) field.focus();
  });

/**
 * The show form's problems, held by the site's `useFieldErrors`. A choice in a
 * select goes through `onChoose`, since a new zone takes the date's problem
 * away too (the hook clears only the field changed); the keyboard goes to the
 * first bad field once the whole answer is shown.
 */
export function useShowFieldErrors(form: RefObject<HTMLFormElement | null>) {
  const fields = useFieldErrors<ShowField>(form, SERVER_JUDGES);
  const { errorOf, onInput, showServerError, clear } = fields;

  const shown = (): ShowFieldErrors => {
    const errors: ShowFieldErrors = {};
    for (const name of SHOW_FIELD_ORDER) {
      const message = errorOf(name);
      if (message) errors[name] = message;
    }
    return errors;
  };
  const replace = (errors: ShowFieldErrors) => {
    clear();
    for (const name of SHOW_FIELD_ORDER) {
      const message = errors[name];
      if (message) showServerError(name, message, false);
    }
  };

  return {
    errorOf,
    /** For a text field's onInput: its problem goes once the artist changes it. */
    onInput,
    /** For a select's onChange. */
    onChoose(name: ShowField) {
      const now = shown();
      const next = errorsAfterChange(now, name);
      if (next !== now) replace(next);
    },
    /** The server's answer: each problem at its field (and only those), the keyboard on the first. */
    showServerErrors(errors: ShowFieldErrors) {
      replace(errors);
      const first = firstBadField(errors);
      if (first) focusField(form, first);
    },
    clear,
  };
}
