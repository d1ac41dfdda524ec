// The words this feature shows a person: SPEC's strings, exactly, and ours in its tone.

export const NEWSLETTER_TEXT = {
  required: "Please enter your email address",
  invalid: "Invalid email address",
  failed: "Something went wrong. Please try again.",
  footerSuccess: "Thanks for subscribing!",
  panelSuccess: "Welcome to the family!",
  releaseSuccess: "You'll hear the moment it's out!",
  sending: "Subscribing...",
  /** Beside SPEC's success words when the address must still be confirmed by mail (said alike for an address already on the list). */
  confirm: (email: string) =>
    `One more step: open the link we've mailed to ${email} to confirm. Already on the list? Then there's nothing more to do.`,
  /** Stays below the form once the success words have gone. */
  confirmReminder: (email: string) => `Check your inbox: open the link we mailed to ${email} to join the list.`,
  heldTitle: "We couldn't add you right away",
  held: (email: string) =>
    `Sign-ups that arrive like this one are checked by hand first, so ${email} is not on the list yet. If it's fine, it goes through; there's nothing more to do now.`,
  loadFailed: "Failed to load subscribers",
  invalidCursor: "Invalid cursor",
  subscriberIdRequired: "Subscriber ID is required",
  subscriberNotFound: "That address is not on the list any more.",
  cannotUndo: "It can't be put back: the address has signed up or left since.",
  unknownIntent: "Unknown action",
  badRequest: "Bad request",
  remove: "Remove",
  removing: "Removing...",
  confirmRemove: (email: string) =>
    `Remove ${email} from the mailing list? They get no more mailings and leave the export; they can sign up again themselves.`,
  removed: (email: string) => `${email} was removed from the list.`,
  undo: "Undo",
  restored: (email: string) => `${email} is back on the list.`,
  removeFailed: "Failed to remove subscriber",
  invalidLimit: "Invalid limit",
} as const;

/** What each sign-up form shows, which is also what its consent record keeps. */
export const NEWSLETTER_FORMS = {
  footer: { heading: "Join the mailing list", text: "New releases and shows, straight to your inbox.", button: "Subscribe" },
  panel: { heading: "Stay in the Loop", text: "New songs, shows and the stories behind them: be the first to know.", button: "Notify Me" },
  /** On a song's page before it comes out. */
  release: {
    heading: "Hear it first",
    text: "Get a mail the moment this song is out, and news of new songs and shows after that.",
    button: "Notify me",
  },
  /** On a release's page that is free for an e-mail address (decision 028). */
  download: {
    heading: "Free download for your email",
    text: "You join the mailing list for new releases and shows, and the download link comes by mail.",
    button: "Send me the download",
  },
} as const;

export type NewsletterVariant = keyof typeof NEWSLETTER_FORMS;

/** The words a fan agreed to, as one line: heading, text and the button pressed. */
export const consentWords = (variant: NewsletterVariant) => {
  const form = NEWSLETTER_FORMS[variant];
  return `${form.heading}. ${form.text} [${form.button}]`;
};

/** Double opt-in: the confirmation mail and the page its link opens. */
export const CONFIRM_TEXT = {
  subject: (artist: string) => `Confirm your subscription to ${artist}`,
  mail: (artist: string, link: string, forDownload = false) =>
    `Hi,\n\nSomeone, hopefully you, asked to join ${artist}'s mailing list with this address${forDownload ? " and to download music" : ""}. To confirm, open this link and press the button:\n\n${link}\n\n${forDownload ? "Your download is ready as soon as you confirm.\n\n" : ""}If it was not you, ignore this mail: this address gets nothing more from us.`,
  title: "Confirm your subscription",
  prompt: (artist: string, email: string) => `Press the button to join ${artist}'s mailing list as ${email}.`,
  button: "Confirm my subscription",
  busy: "Confirming...",
  doneTitle: "You're on the list!",
  done: "Thanks for confirming. You'll be the first to hear about new music.",
  downloadsReady: "Your download is ready (we've mailed you the link too):",
  downloadButton: (title: string) => `Download ${title}`,
  invalidTitle: "This link does not work",
  invalid: "It may be old, or from an earlier sign-up. Sign up again from any page of the site and use the newest mail.",
  failed: "Something went wrong. Please try again.",
} as const;
