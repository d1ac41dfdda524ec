/**
 * Passwords people pick most often are the first ones guessed, whatever the
 * rate limit. We refuse the 20,000 most common (ranked list from
 * @zxcvbn-ts/language-common, drawn from leaked-password corpora), compared
 * without case. The list is loaded on first use, not at start-up.
 */
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose one that is harder to guess.";
const LIST_SIZE = 20_000;

let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"].slice(0, LIST_SIZE).map((word) => word.toLowerCase())));
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
