// Sign-in and setup words, apart from the zod schemas (schema.ts) so the login
// and setup pages get them without zod in the browser.

export const LOGIN_TEXT = {
  // One message per field, so the form can say it at the field that is empty.
  missingEmail: "Please enter your email address",
  missingPassword: "Please enter your password",
  missingName: "Please enter your name",
  invalidEmail: "Invalid email address",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: "Password must be at most 128 characters",
  failed: "Authentication failed",
  exception: "An error occurred. Please try again.",
} as const;

export const SIGN_IN_TOAST = { message: "Welcome back! 🎼", duration: 4000 } as const;
export const SIGN_UP_TOAST = { message: "Welcome to your musical journey! 🎵", duration: 5000 } as const;

export const SETUP_INVALID = "This setup link is invalid, has expired or has already been used.";

export type LoginMode = "signin" | "signup";
export const loginModeFrom = (value: string | null): LoginMode => (value === "signup" ? "signup" : "signin");
