import { AUTH_BASE_PATH } from "#app/lib/auth.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/request-origin.server.ts";
import type { Services } from "#app/lib/services.server.ts";

export type AuthCallResult =
  | { ok: true; status: number; body: unknown; setCookies: string[] }
  | { ok: false; status: number; message: string | null; setCookies: string[] };

/**
 * Sends one of our form submissions through better-auth's full HTTP pipeline
 * (rate limits, origin check, cookies), exactly as its own endpoint would see it.
 */
export async function callAuth(
  services: Services,
  request: Request,
  path: "/sign-in/email" | "/sign-up/email" | "/sign-out",
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
  const message = json && typeof json === "object" && "message" in json && typeof json.message === "string" ? json.message : null;
  return { ok: false, status: response.status, message, setCookies };
}

export function headersWithCookies(setCookies: string[], extra: string[] = []): Headers {
  const headers = new Headers();
  for (const cookie of [...setCookies, ...extra]) headers.append("Set-Cookie", cookie);
  return headers;
}
