import { createCookie } from "react-router";
import { z } from "zod";
import type { Env } from "#app/lib/platform/env.server.ts";
import { toastTypes, type FlashToast } from "./toast.ts";

const flashToastSchema = z.object({
  message: z.string().min(1).max(500),
  type: z.enum(toastTypes),
  duration: z.number().int().min(0).max(60_000).optional(),
  signInTo: z.string().max(2000).optional(),
}) satisfies z.ZodType<FlashToast>;

/** Signed with the site's secret; Secure whenever the site is served over https, like the session cookie. */
type ToastEnv = Pick<Env, "authSecret" | "publicUrl">;

function toastCookie(env: ToastEnv) {
  return createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.publicUrl.startsWith("https://"),
    maxAge: 60,
    secrets: [env.authSecret],
  });
}

/** The Set-Cookie value that makes the next page show `toast`. */
export async function flashToast(env: ToastEnv, toast: FlashToast): Promise<string> {
  return toastCookie(env).serialize(toast);
}

/** Reads and clears the flashed toast, if any. */
export async function takeToast(env: ToastEnv, request: Request): Promise<{ toast: FlashToast | null; setCookie: string | null }> {
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes("toast=")) return { toast: null, setCookie: null };
  const cookie = toastCookie(env);
  const parsed = flashToastSchema.safeParse(await cookie.parse(cookieHeader));
  return {
    toast: parsed.success ? parsed.data : null,
    setCookie: await cookie.serialize("", { maxAge: 0 }),
  };
}
