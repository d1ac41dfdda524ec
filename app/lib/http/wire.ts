import { data, type HeadersFunction } from "react-router";
import type { Result } from "#app/lib/result.ts";

// A Result as it leaves the server, the one place it is translated. Its status
// is always the response's, never in the body. The admin JSON APIs answer in
// SPEC section 7's words (`success`); a page's own forms get the Result as the
// code says it (`ok`).

/** The HTTP status a Result is answered with: its refusal's, or `okStatus`. */
export const statusOf = (result: Result, okStatus = 200): number => (result.ok ? okStatus : result.status);

/**
 * A Result in SPEC section 7's shape (`{ success, … }` or `{ success: false,
 * error, … }`): what the admin JSON APIs (app/routes/api.*) answer, and what
 * the dashboard's components that call them read.
 */
export type WireAnswer<Data extends object = object, Extra extends object = object> =
  ({ success: true } & Data) | ({ success: false; error: string } & Extra);

export function toWire(result: Result): WireAnswer {
  if (result.ok) {
    const { ok: _ok, ...fields } = result;
    return { success: true, ...fields };
  }
  const { ok: _ok, status: _status, ...refusal } = result;
  return { success: false, ...refusal };
}

/**
 * A Result as a page's own form receives it (its action's data, read with
 * useActionData or useFetcher; the Site area's JSON): `ok` and all, but
 * without the status, which is the response's.
 */
export type FormAnswer<R extends Result> = R extends { ok: false } ? Omit<R, "status"> : R;

export function withoutStatus<R extends Result>(result: R): FormAnswer<R> {
  if (result.ok) return result as FormAnswer<R>;
  const { status: _status, ...answer } = result;
  return answer as FormAnswer<R>;
}

/** A page's action answering its form: the Result without its status as the data, the status on the response. */
export function formAnswer<R extends Result>(result: R, headers?: HeadersInit) {
  const status = statusOf(result);
  return data(withoutStatus(result), headers ? { status, headers } : { status });
}

/**
 * The headers of a page whose action answers a form: the action's (a
 * refusal's Retry-After, the form's Cache-Control) over the page's own, also
 * when the browser posted without JavaScript and gets the page back.
 * React Router adds the cookies itself.
 */
export const formActionHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const headers = new Headers();
  for (const source of [parentHeaders, loaderHeaders, actionHeaders]) {
    source.forEach((value, name) => {
      if (name !== "set-cookie") headers.set(name, value);
    });
  }
  return headers;
};
