// What every service answers: done (`ok: true`, with what it made or found),
// or refused (`ok: false`, with the HTTP status a route answers and the words a
// person reads). One shape and one discriminant for all of them, so the code
// that takes any answer (adminAction, a page's action, a test) reads each the
// same way, and a route answers the status its service chose rather than
// guessing it from the words. How a Result goes over HTTP (SPEC's `success`
// JSON, or a form's `ok` data) is decided once, in app/lib/http/wire.ts.

/** The client and server error statuses IANA registers (RFC 9110 and later). */
const REFUSAL_STATUSES = [
  400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 421, 422, 423, 424, 425, 426, 428, 429, 431,
  451, 500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511,
] as const;

/**
 * A refusal's HTTP status. Listed rather than `number`, so a refusal cannot
 * carry a 200 or a slip such as 4040.
 */
export type RefusalStatus = (typeof REFUSAL_STATUSES)[number];

const refusalStatuses: ReadonlySet<number> = new Set(REFUSAL_STATUSES);

/** For a status that comes from elsewhere (better-auth's answer): whether a refusal may pass it on. */
export const isRefusalStatus = (status: number): status is RefusalStatus => refusalStatuses.has(status);

/** Why not: the status a route answers with, the words a person reads, and whatever else the caller needs (`Extra`). */
export type Refusal<Extra extends object = object> = { ok: false; status: RefusalStatus; error: string } & Extra;

/**
 * A service's answer. `Data` is what a success carries; `Extra`, what a refusal
 * carries besides its status and words (a message per field, the version that
 * won a conflict). An alias names a real answer, built on this:
 * `type SongEditResult = Result<{ song: Song }, …>`.
 */
export type Result<Data extends object = object, Extra extends object = object> = ({ ok: true } & Data) | Refusal<Extra>;

/**
 * A success, typed as such wherever it is made (inside a transaction's callback,
 * say, where nothing tells TypeScript that `ok: true` is not just a boolean).
 */
export function ok<Data extends object = Record<never, never>>(data?: Data): { ok: true } & Data {
  return { ok: true, ...(data as Data) };
}

/** A refusal, its status kept exact (a 404 stays a 404, for the types that tell refusals apart by it). */
export function refused<Status extends RefusalStatus, Extra extends object = Record<never, never>>(
  status: Status,
  error: string,
  extra?: Extra,
): { ok: false; status: Status; error: string } & Extra {
  return { ok: false, status, error, ...(extra as Extra) };
}
