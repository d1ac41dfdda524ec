import type { FieldCheck } from "#app/components/ui/use-field-errors.ts";
import { ACCOUNT_TEXT, LOGIN_TEXT } from "./ui-text.ts";

/** The words the server's schema uses (schema.ts), checked before sending. */
export const required =
  (message: string): FieldCheck =>
  (control) =>
    control.value.trim() === "" ? message : null;

export function emailCheck(current: string): FieldCheck {
  return (control) => {
    const value = control.value.trim();
    if (value === "") return LOGIN_TEXT.missingEmail;
    const malformed = !value.includes("@") || (control instanceof HTMLInputElement && control.validity.typeMismatch);
    if (malformed) return LOGIN_TEXT.invalidEmail;
    return value.toLowerCase() === current ? ACCOUNT_TEXT.emailSame : null;
  };
}

// Passwords are not trimmed: a space is a character of a password like any other.
export const currentPasswordCheck: FieldCheck = (control) => (control.value === "" ? ACCOUNT_TEXT.missingCurrentPassword : null);
export const newPasswordCheck: FieldCheck = (control) => {
  if (control.value === "") return ACCOUNT_TEXT.missingNewPassword;
  return control.value.length < 8 ? LOGIN_TEXT.passwordTooShort : null;
};
export const confirmPasswordCheck: FieldCheck = (control) => {
  if (control.value === "") return ACCOUNT_TEXT.missingConfirmPassword;
  const first = control.form?.elements.namedItem("newPassword");
  return first instanceof HTMLInputElement && first.value !== control.value ? ACCOUNT_TEXT.passwordsDiffer : null;
};
