import { z } from "zod";
import { LOGIN_TEXT, SETUP_INVALID } from "./ui-text.ts";

export { LOGIN_TEXT, SETUP_INVALID, SIGN_IN_TOAST, SIGN_UP_TOAST } from "./ui-text.ts";

const email = z
  .string({ error: LOGIN_TEXT.missingEmail })
  .trim()
  .min(1, LOGIN_TEXT.missingEmail)
  .max(254, LOGIN_TEXT.invalidEmail)
  .pipe(z.email(LOGIN_TEXT.invalidEmail))
  .transform((value) => value.toLowerCase());

const password = z.string({ error: LOGIN_TEXT.missingPassword }).min(1, LOGIN_TEXT.missingPassword);

const newPassword = password.min(8, LOGIN_TEXT.passwordTooShort).max(128, LOGIN_TEXT.passwordTooLong);

const name = z
  .string({ error: LOGIN_TEXT.missingName })
  .trim()
  .min(1, LOGIN_TEXT.missingName)
  .max(100, "Name must be at most 100 characters");

const signInSchema = z.object({ intent: z.literal("signin"), email, password });
const signUpSchema = z.object({ intent: z.literal("signup"), name, email, password: newPassword });
// A form always says which it is; anything else is no form of ours.
export const loginSchema = z.discriminatedUnion("intent", [signInSchema, signUpSchema], { error: LOGIN_TEXT.failed });

/** The first-admin form on /setup asks for the same things as sign-up. */
export const setupSchema = z.object({
  token: z.string({ error: SETUP_INVALID }).min(1, SETUP_INVALID),
  name,
  email,
  password: newPassword,
});
