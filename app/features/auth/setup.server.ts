import { data, redirect } from "react-router";
import { createAdmin } from "./admins.server.ts";
import { callAuth, headersWithCookies } from "./auth-request.server.ts";
import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { consumeSetupTokens, isSetupTokenValid } from "./setup-token.server.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";
import { flashToast } from "#app/lib/http/toast.server.ts";
import { setupSchema } from "./schema.ts";
import { LOGIN_TEXT, SETUP_INVALID } from "./ui-text.ts";

/** Creates the first admin from the one-time /setup link, then signs them in. */
export async function handleSetup(services: Services, request: Request) {
  const read = await readForm(request);
  if (!read.ok) return data({ error: read.error }, { status: read.status });
  const parsed = setupSchema.safeParse(textFields(read.form));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? LOGIN_TEXT.failed }, { status: 400 });
  }
  const { token, name, email, password } = parsed.data;
  if (!(await isSetupTokenValid(services, token))) return data({ error: SETUP_INVALID }, { status: 403 });
  try {
    await createAdmin(services, { email, password, name });
    await consumeSetupTokens(services);
  } catch (error) {
    console.error("Creating the first admin failed", error);
    const message = error instanceof Error && error.message ? error.message : LOGIN_TEXT.exception;
    return data({ error: message }, { status: 400 });
  }
  const signIn = await callAuth(services, request, "/sign-in/email", { email, password });
  const toast = await flashToast(services.env, {
    message: "Your admin account is ready.",
    type: "success",
  });
  return redirect(signIn.ok ? dashboardPath : "/login", { headers: headersWithCookies(signIn.setCookies, [toast]) });
}
