// The words this feature shows a person: SPEC's strings, exactly, and ours in its tone.

export const NEWSLETTER_TEXT = {
  required: "Please enter your email address",
  invalid: "Invalid email address",
  failed: "Something went wrong. Please try again.",
  footerSuccess: "Thanks for subscribing!",
  panelSuccess: "Welcome to the family!",
  sending: "Subscribing...",
  loadFailed: "Failed to load subscribers",
  invalidCursor: "Invalid cursor",
  invalidLimit: "Invalid limit",
} as const;
