import { createCookie } from "react-router";
import { z } from "zod";
import { alertTypes, type FlashToast } from "./toast.ts";

const flashToastSchema = z.object({
  message: z.string().min(1).max(500),
  type: z.enum(alertTypes),
  duration: z.number().int().min(0).max(60_000).optional(),
}) satisfies z.ZodType<FlashToast>;

function toastCookie(secret: string) {
  return createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60,
    secrets: [secret],
  });
}

/** The Set-Cookie value that makes the next page show `toast`. */
export async function flashToast(secret: string, toast: FlashToast): Promise<string> {
  return toastCookie(secret).serialize(toast);
}

/** Reads and clears the flashed toast, if any. */
export async function takeToast(
  secret: string,
  request: Request,
): Promise<{ toast: FlashToast | null; setCookie: string | null }> {
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes("toast=")) return { toast: null, setCookie: null };
  const cookie = toastCookie(secret);
  const parsed = flashToastSchema.safeParse(await cookie.parse(cookieHeader));
  return {
    toast: parsed.success ? parsed.data : null,
    setCookie: await cookie.serialize("", { maxAge: 0 }),
  };
}
