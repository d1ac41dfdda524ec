import { z } from "zod";

export const LOGIN_MESSAGES = {
  missingCredentials: "Please enter your email and password",
  missingName: "Please enter your name",
  invalidEmail: "Invalid email address",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: "Password must be at most 128 characters",
  failed: "Authentication failed",
  exception: "An error occurred. Please try again.",
} as const;

export const SIGN_IN_TOAST = { message: "Welcome back! 🎼", duration: 4000 } as const;
export const SIGN_UP_TOAST = { message: "Welcome to your musical journey! 🎵", duration: 5000 } as const;

const email = z
  .string({ error: LOGIN_MESSAGES.missingCredentials })
  .trim()
  .min(1, LOGIN_MESSAGES.missingCredentials)
  .max(254, LOGIN_MESSAGES.invalidEmail)
  .pipe(z.email(LOGIN_MESSAGES.invalidEmail))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: LOGIN_MESSAGES.missingCredentials })
  .min(1, LOGIN_MESSAGES.missingCredentials);

const newPassword = password
  .min(8, LOGIN_MESSAGES.passwordTooShort)
  .max(128, LOGIN_MESSAGES.passwordTooLong);

const name = z
  .string({ error: LOGIN_MESSAGES.missingName })
  .trim()
  .min(1, LOGIN_MESSAGES.missingName)
  .max(100, "Name must be at most 100 characters");

export const signInSchema = z.object({ intent: z.literal("signin"), email, password });
export const signUpSchema = z.object({ intent: z.literal("signup"), name, email, password: newPassword });
export const loginSchema = z.discriminatedUnion("intent", [signInSchema, signUpSchema]);
export type LoginInput = z.infer<typeof loginSchema>;

export const SETUP_INVALID = "This setup link is invalid, has expired or has already been used.";

/** The first-admin form on /setup asks for the same things as sign-up. */
export const setupSchema = z.object({ token: z.string().min(1), name, email, password: newPassword });

export type LoginMode = "signin" | "signup";
export const loginModeFrom = (value: string | null): LoginMode => (value === "signup" ? "signup" : "signin");
