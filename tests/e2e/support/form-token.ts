import { formStartedToken } from "#app/lib/http/form-guard.server.ts";
import { e2eAppEnv } from "./server-env.ts";

const SECRET = e2eAppEnv().AUTH_SECRET ?? "";
let last = Number.POSITIVE_INFINITY;

/**
 * A form token as a person's page would carry it: made a few seconds ago, and
 * each one new (a token is taken by the first submission that carries it, so a
 * test posting as many people needs one each).
 */
export function personToken(): string {
  last = Math.min(Date.now() - 5_000, last - 1);
  return formStartedToken(SECRET, last);
}
