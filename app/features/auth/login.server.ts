import { data, redirect } from "react-router";
import { callAuth, headersWithCookies, type AuthCallResult } from "./auth-request.server.ts";
import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import { parseRoles } from "#app/lib/auth/profile.ts";
import { safeReturnPath } from "#app/lib/http/return-path.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";
import { flashToast } from "#app/lib/http/toast.server.ts";
import { loginSchema } from "./schema.ts";
import { LOGIN_TEXT, SIGN_IN_TOAST, SIGN_UP_TOAST } from "./ui-text.ts";

export type LoginActionData = { error: string };

/** Handles the /login form: sign in or sign up, then off to the right page with a toast. */
export async function handleLogin(services: Services, request: Request) {
  const read = await readForm(request);
  if (!read.ok) return data<LoginActionData>({ error: read.error }, { status: read.status });
  const parsed = loginSchema.safeParse(textFields(read.form));
  if (!parsed.success) {
    return data<LoginActionData>({ error: parsed.error.issues[0]?.message ?? LOGIN_TEXT.failed }, { status: 400 });
  }
  const input = parsed.data;
  try {
    const result = input.intent === "signin" ? await signIn(services, request, input) : await signUpThenSignIn(services, request, input);
    if (!result.ok) {
      console.warn(`Authentication failed (${result.status}): ${result.message ?? "no message"}`);
      return data<LoginActionData>({ error: result.message ?? LOGIN_TEXT.failed }, { status: result.status === 429 ? 429 : 400 });
    }
    const toast = input.intent === "signin" ? SIGN_IN_TOAST : SIGN_UP_TOAST;
    const toastCookie = await flashToast(services.env, { ...toast, type: "success" });
    const user = await services.db.selectFrom("user").select("role").where("email", "=", input.email).executeTakeFirst();
    // Back to the page that asked for signing in; else an admin's dashboard, a fan's home page.
    const returnTo = safeReturnPath(read.form.get("returnTo"));
    const destination = returnTo ?? (parseRoles(user?.role).includes("admin") ? dashboardPath : "/");
    return redirect(destination, { headers: headersWithCookies(result.setCookies, [toastCookie]) });
  } catch (error) {
    console.error("Login failed unexpectedly", error);
    return data<LoginActionData>({ error: LOGIN_TEXT.exception }, { status: 500 });
  }
}

const signIn = (services: Services, request: Request, input: { email: string; password: string }) =>
  callAuth(services, request, "/sign-in/email", { email: input.email, password: input.password });

/**
 * Sign-up answers alike for a new address and a taken one (no account
 * enumeration), so the account is then signed in to like any other: a new
 * one, or an existing one whose own password was typed, gets in; someone
 * else's address gets the same answer as a wrong password at sign-in.
 */
async function signUpThenSignIn(
  services: Services,
  request: Request,
  input: { email: string; password: string; name: string },
): Promise<AuthCallResult> {
  const signUp = await callAuth(services, request, "/sign-up/email", { email: input.email, password: input.password, name: input.name });
  return signUp.ok ? signIn(services, request, input) : signUp;
}

/** Ends the session on the server and clears the cookie. */
export async function handleLogout(services: Services, request: Request) {
  const result = await callAuth(services, request, "/sign-out");
  return redirect("/", { headers: headersWithCookies(result.setCookies) });
}
