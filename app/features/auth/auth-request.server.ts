import { AUTH_BASE_PATH } from "#app/lib/auth/auth.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";

/**
 * better-auth's HTTP answer as it came, not a Result: `ok` is the Response's
 * (any 2xx), both sides carry its status and cookies, and its words may be
 * missing. What to refuse with, if anything, is the caller's to decide
 * (account.server.ts, password-reset.server.ts).
 */
export type AuthCallResult =
  | { ok: true; status: number; body: unknown; setCookies: string[] }
  | { ok: false; status: number; message: string | null; code: string | null; setCookies: string[] };

/** The better-auth endpoints our own forms post to. */
export type AuthPath =
  | "/sign-in/email"
  | "/sign-up/email"
  | "/sign-out"
  | "/update-user"
  | "/change-email"
  | "/change-password"
  | "/request-password-reset"
  | "/reset-password";

/**
 * Sends one of our form submissions through better-auth's full HTTP pipeline
 * (rate limits, origin check, cookies), exactly as its own endpoint would see it.
 */
export async function callAuth(
  services: Services,
  request: Request,
  path: AuthPath,
  body: Record<string, unknown> = {},
): Promise<AuthCallResult> {
  const headers = new Headers({ "content-type": "application/json", origin: services.env.publicUrl });
  for (const name of ["cookie", "user-agent", CLIENT_IP_HEADER]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = await services.auth.handler(
    new Request(`${services.env.publicUrl}${AUTH_BASE_PATH}${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
  const setCookies = response.headers.getSetCookie();
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, body: json, setCookies };
  const fields: Record<string, unknown> = json && typeof json === "object" ? (json as Record<string, unknown>) : {};
  const text = (key: string) => {
    const value = fields[key];
    return typeof value === "string" ? value : null;
  };
  return { ok: false, status: response.status, message: text("message"), code: text("code"), setCookies };
}

export function headersWithCookies(setCookies: string[], extra: string[] = []): Headers {
  const headers = new Headers();
  for (const cookie of [...setCookies, ...extra]) headers.append("Set-Cookie", cookie);
  return headers;
}
