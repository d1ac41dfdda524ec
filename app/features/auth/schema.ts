import { z } from "zod";
import { ACCOUNT_TEXT, LOGIN_TEXT, SETUP_INVALID } from "./ui-text.ts";

const email = z
  .string({ error: LOGIN_TEXT.missingEmail })
  .trim()
  .min(1, LOGIN_TEXT.missingEmail)
  .max(254, LOGIN_TEXT.invalidEmail)
  .pipe(z.email(LOGIN_TEXT.invalidEmail))
  .transform((value) => value.toLowerCase());

const password = z.string({ error: LOGIN_TEXT.missingPassword }).min(1, LOGIN_TEXT.missingPassword);

const newPassword = password.min(8, LOGIN_TEXT.passwordTooShort).max(128, LOGIN_TEXT.passwordTooLong);

const name = z.string({ error: LOGIN_TEXT.missingName }).trim().min(1, LOGIN_TEXT.missingName).max(100, ACCOUNT_TEXT.nameTooLong);

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

/** The Account page's three forms; each says which it is. */
const currentPassword = z
  .string({ error: ACCOUNT_TEXT.missingCurrentPassword })
  .min(1, ACCOUNT_TEXT.missingCurrentPassword)
  // Longer than any password better-auth accepts: it cannot be the right one.
  .max(128, ACCOUNT_TEXT.wrongPassword);

const changeName = z.object({ intent: z.literal("name"), name });
const changeEmail = z.object({ intent: z.literal("email"), newEmail: email, currentPassword });
const changePassword = z
  .object({
    intent: z.literal("password"),
    currentPassword,
    newPassword: z
      .string({ error: ACCOUNT_TEXT.missingNewPassword })
      .min(1, ACCOUNT_TEXT.missingNewPassword)
      .min(8, LOGIN_TEXT.passwordTooShort)
      .max(128, LOGIN_TEXT.passwordTooLong),
    confirmPassword: z.string({ error: ACCOUNT_TEXT.missingConfirmPassword }).min(1, ACCOUNT_TEXT.missingConfirmPassword),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { message: ACCOUNT_TEXT.passwordsDiffer, path: ["confirmPassword"] });

export const accountSchema = z.discriminatedUnion("intent", [changeName, changeEmail, changePassword], { error: ACCOUNT_TEXT.failed });
export type AccountInput = z.infer<typeof accountSchema>;
