import type { Result } from "#app/lib/result.ts";

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

/** The Account page: the admin's own name, e-mail and password, and who else is an admin. */
export const ACCOUNT_TEXT = {
  nameHeading: "Your name",
  nameIntro: "Shown at the top of the site while you are signed in.",
  nameLabel: "Name",
  nameTooLong: "Name must be at most 100 characters",
  saveName: "Save name",
  nameSaved: "Your name is saved.",

  emailHeading: "Email address",
  emailIntro: "You sign in with this address. It is now",
  newEmailLabel: "New email address",
  emailSame: "That is already your email address",
  emailInUse: "That email address is already in use by another account",
  saveEmail: "Change email",
  emailSaved: (email: string) => `Your email address is now ${email}. Use it the next time you sign in.`,

  passwordHeading: "Password",
  passwordIntro: "Changing it signs you out on every other device and browser. You stay signed in here.",
  currentPasswordLabel: "Current password",
  newPasswordLabel: "New password",
  newPasswordHint: "At least 8 characters. A few unrelated words work well.",
  confirmPasswordLabel: "New password again",
  missingCurrentPassword: "Please enter your current password",
  missingNewPassword: "Please enter a new password",
  missingConfirmPassword: "Please enter the new password again",
  passwordsDiffer: "The two new passwords are not the same",
  wrongPassword: "That is not your current password",
  savePassword: "Change password",
  passwordSaved: "Your password is changed. Every other device and browser is signed out.",

  saving: "Saving...",
  tooManyTries: "Too many tries. Please wait a minute and try again.",
  signInFirst: "Please sign in first.",
  failed: LOGIN_TEXT.exception,

  adminsHeading: "Admins",
  adminsListLabel: "Admin accounts",
  you: "You",
  joined: "Joined",
  noAdmins: "No admins found.",
} as const;

/** A signed-in person's own page, /account (a fan's; an admin's too). */
export const MY_ACCOUNT_TEXT = {
  title: "Your account",
  intro: (artist: string) => `Your account on ${artist}'s site: your name, how you sign in, and the mailing list.`,
  dashboardNote: "You're an admin: the dashboard has your Account area too.",
  openDashboard: "Open the dashboard",
  listHeading: "Mailing list",
  listOn: (email: string) => `${email} is on the mailing list.`,
  listWaiting: (email: string) => `${email} is waiting to join: open the confirmation link we mailed there.`,
  listOff: (email: string) => `${email} is not on the mailing list.`,
  join: "Join the mailing list",
  leave: "Leave the mailing list",
  joined: "You're on the list. Thanks!",
  joinConfirm: (email: string) => `One more step: open the link we mailed to ${email} to join.`,
  left: "You've left the mailing list.",
  deleteHeading: "Delete your account",
  deleteIntro:
    "Your account, its sign-in and its sessions are deleted at once. Messages you sent through the contact form stay with the artist, who may already have read them.",
  alsoLeave: "Also take my address off the mailing list",
  deleteButton: "Delete my account",
  deleteConfirm: "Delete your account? This cannot be undone.",
  deleted: "Your account is deleted.",
  signOut: "Sign out",
  yourAccount: "Your account",
} as const;

/** A change of sign-in e-mail confirmed by the new address (when the site sends mail). */
export const EMAIL_CHANGE_TEXT = {
  pending: (newEmail: string, oldEmail: string) =>
    `Almost done: open the link we mailed to ${newEmail} to confirm it. Until then you sign in with ${oldEmail}, which we told about the change.`,
  withoutMail: "This site sends no mail, so the change is made at once, without a confirmation from the new address.",
  withMail: "We mail a link to the new address to confirm it, and tell the old one.",
  pageTitle: "Confirm your new e-mail",
  prompt: (newEmail: string) => `Sign in with ${newEmail} from now on?`,
  button: "Confirm new e-mail",
  done: (newEmail: string) => `Your e-mail is now ${newEmail}. Use it the next time you sign in.`,
  closed:
    "This link does not work any more: it was used, replaced by a newer one, voided by a change of password, or is more than a day old. Ask for the change again from your account page.",
  taken: "Another account uses that address now, so the change could not be made.",
  wrongPassword: "That is not your current password",
  lastAdmin: "You are the site's only admin: invite another admin before deleting your account.",
  confirmMail: (artist: string, link: string) => ({
    subject: `Confirm your new e-mail for ${artist}'s site`,
    text:
      `Hi,\n\nSomeone, hopefully you, asked to sign in to ${artist}'s site with this address from now on. To confirm, open this link within a day and press the button:\n\n${link}\n\n` +
      `If it was not you, ignore this mail: nothing changes.`,
  }),
  noticeMail: (artist: string, masked: string) => ({
    subject: `Your sign-in e-mail for ${artist}'s site is being changed`,
    text:
      `Hi,\n\nSomeone signed in to your account on ${artist}'s site asked to sign in with ${masked} instead of this address. It changes only once that address confirms.\n\n` +
      `If it was not you, sign in and change your password now: the request then stays unconfirmed.`,
  }),
  doneMail: (artist: string, masked: string) => ({
    subject: `Your sign-in e-mail for ${artist}'s site was changed`,
    text: `Hi,\n\nYour account on ${artist}'s site now signs in with ${masked} instead of this address.\n\nIf it was not you, write to the site through its contact page at once.`,
  }),
} as const;

/** Admins inviting and removing admins in the Account area, and the page an invite's link opens. */
export const INVITE_TEXT = {
  inviteHeading: "Invite an admin",
  inviteIntro: "They get a link to set their name and password, and can then run the site with you. The link works once, for a week.",
  emailLabel: "Their email address",
  invite: "Send invite",
  inviteNoMail: "Make invite link",
  inviting: "Inviting...",
  invitedByMail: (email: string) => `Invite sent to ${email}. The link in it works once, for a week.`,
  invitedLink: (email: string) =>
    `This site sends no mail, so pass this link on to ${email} yourself. It works once, for a week, and is shown only now.`,
  linkLabel: "Invite link",
  copyLink: "Copy link",
  linkCopied: "Invite link copied",
  invalidEmail: "Please enter a valid email address",
  alreadyAdmin: (email: string) => `${email} is already an admin.`,
  pendingHeading: "Waiting to be accepted",
  expires: "Link works until",
  revoke: "Revoke",
  confirmRevoke: (email: string) => `Revoke the invite to ${email}? Its link stops working.`,
  revoked: (email: string) => `The invite to ${email} is revoked.`,
  remove: "Remove admin",
  confirmRemove: (email: string) =>
    `Remove ${email} as an admin? They are signed out at once and can no longer open the dashboard. Their account stays.`,
  confirmRemoveSelf: "Remove yourself as an admin? You are signed out at once and can no longer open the dashboard.",
  removed: (email: string) => `${email} is no longer an admin.`,
  lastAdmin: "A site needs at least one admin: invite another before removing this one.",
  notAnAdmin: "That account is not an admin any more.",
  notFound: "That invite is not waiting any more.",
  idRequired: "Which one? The request named none.",
  historyHeading: "History",
  events: {
    invited: "invited",
    "invite-revoked": "revoked the invite to",
    "invite-accepted": "accepted the invite and became an admin",
    "admin-removed": "removed",
  },
  failed: "Something went wrong. Please try again.",
  badRequest: "Bad request",
  unknownIntent: "Unknown action",

  // The /invite page.
  pageTitle: "Join as an admin",
  pageIntro: (artist: string, email: string) => `You're invited to run ${artist}'s site. Choose your name and a password for ${email}.`,
  existingIntro: (artist: string, email: string) =>
    `You're invited to run ${artist}'s site as ${email}, which already has an account here.`,
  signInToAccept: (email: string) => `Sign in as ${email} to accept.`,
  accept: "Accept and open the dashboard",
  create: "Create admin account",
  signInFirst: (email: string) =>
    `This invite is for ${email}, which already has an account: sign in as ${email}, then open the link again.`,
  closed: {
    used: "This invite has been used already.",
    expired: "This invite has expired.",
    revoked: "This invite was revoked.",
    unknown: "This invite link does not work. It may be cut short: open it again from the mail, copying the whole of it.",
  },
  closedHint: "If you run this site already, sign in. Otherwise ask an admin for a new invite.",
  welcome: "You're an admin now. Welcome!",
  mail: (artist: string, from: string, link: string) => ({
    subject: `${from} invited you to run ${artist}'s site`,
    text:
      `Hi,\n\n${from} invited you to be an admin of ${artist}'s site: you will be able to add music, read fans' messages and edit the site.\n\n` +
      `To accept, open this link within a week and choose your name and password:\n\n${link}\n\nIt works once. If you did not expect this, ignore this mail.`,
  }),
} as const;

/** Which of the Account page's forms a submission belongs to. */
export const ACCOUNT_INTENTS = ["name", "email", "password"] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];
export type AccountField = "name" | "newEmail" | "currentPassword" | "newPassword" | "confirmPassword";

/** What the Account page's action answers, for the form that asked. */
export type AccountResult = Result<
  { intent: AccountIntent; message: string },
  /** `values`: what was typed, passwords never, for a page rendered without JavaScript to keep. */
  { intent: AccountIntent | null; field: AccountField | null; values: { name?: string; newEmail?: string } }
>;

/** "Forgot password?" and the page its mail's link opens. */
export const RESET_TEXT = {
  link: "Forgot password?",
  title: "Reset your password",
  intro: "Enter the e-mail address you sign in with. If it has an account here, a link to choose a new password is on its way.",
  button: "Send reset link",
  busy: "Sending...",
  sent: "If an account uses that address, a link to reset its password is on its way. It works for an hour, once.",
  mailOff: "This site sends no mail yet, so a password cannot be reset by e-mail until mail is set up (see the README's Mail section).",
  invalidEmail: "Please enter a valid email address",
  failed: "Something went wrong. Please try again.",
  newTitle: "Choose a new password",
  newButton: "Save new password",
  newBusy: "Saving...",
  tooShort: "Password must be at least 8 characters",
  tooLong: "Password must be at most 128 characters",
  mismatch: "The two passwords are not the same.",
  done: "Your password is changed, and every session of the account has ended. Sign in with the new password.",
  deadLink: "This reset link does not work: it is more than an hour old, or it has been used. Ask for a new one.",
} as const;
