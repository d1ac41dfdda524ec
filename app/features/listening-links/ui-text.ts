/** Private listening links: the dashboard's section on a release, and the page a recipient opens. */
export const LINK_TEXT = {
  sectionHeading: "Private listening links",
  sectionIntro:
    "A link of its own for each person who should hear this before it is out (or without looking for it): a journalist, a booker, a label. It plays here and nowhere else, and you can end it at any time.",
  recipientLabel: "Who it is for",
  recipientHint: 'A name you will recognise in the list, such as "Jane, Rolling Stone". They do not see it.',
  recipientRequired: "Say who the link is for.",
  recipientTooLong: "Keep it to 120 characters.",
  targetLabel: "What it plays",
  wholeRelease: (kind: string) => `The whole ${kind}`,
  expiresLabel: "Works until (optional)",
  expiresHint: "The end of that day; leave it empty for a link that works until you end it.",
  expiresInvalid: "Give a day such as 2027-03-28.",
  expiresPast: "That day is over: choose today or a day to come.",
  allowDownloadLabel: "Let them download the tracks (MP3)",
  notifyLabel: "Mail me the first time it is opened",
  notifyNoMail: "Mail is not set up on this site, so no mail can be sent.",
  create: "Make the link",
  created: (recipient: string) => `The link for ${recipient} is ready: copy it below and send it to them.`,
  noLinks: "No private links yet.",
  copy: "Copy link",
  copied: "Copied",
  copyFailed: "Select the address and copy it by hand.",
  revoke: "End this link",
  revoked: (recipient: string) => `The link for ${recipient} no longer works.`,
  restore: "Make it work again",
  restored: (recipient: string) => `The link for ${recipient} works again.`,
  extend: "Change the end",
  extended: (recipient: string) => `The link for ${recipient} now works until the new day.`,
  unlimited: (recipient: string) => `The link for ${recipient} now works until you end it.`,
  stateLive: "Works",
  stateRevoked: "Ended by you",
  stateExpired: "Ran out",
  worksUntil: (day: string) => `Until ${day}`,
  noEnd: "No end day",
  plays: (recipient: string) => `Release or track played by ${recipient}`,
  neverOpened: "Not opened yet",
  opened: (first: string, last: string, visits: number) =>
    visits === 1 ? `Opened once, ${first}` : `Opened ${visits} times: first ${first}, last ${last}`,
  playCount: (plays: number) => (plays === 1 ? "1 play" : `${plays} plays`),
  downloadAllowed: "Downloads allowed",
  otherSecret:
    "This link was made with another AUTH_SECRET (the site moved without it), so its address cannot be shown. It still works for whoever has it; make a new one to send.",
  linkGone: "That link is not on this release any more. Reload the page.",
  badRequest: "That request could not be read. Reload the page and try again.",
  firstVisitMail: (artist: string, recipient: string, title: string, dashboardUrl: string) => ({
    subject: `${recipient} opened your private link to "${title}"`,
    text:
      `Hi,\n\n${recipient} just opened the private listening link you made for "${title}" on ${artist}'s site.\n\n` +
      `You can see their visits and plays, and end the link, in the release's page of the dashboard:\n\n${dashboardUrl}\n\n` +
      `You asked for this mail when you made the link; it comes once.`,
  }),
} as const;

/** The page a link opens, /listen/{token}. */
export const LISTEN_TEXT = {
  eyebrow: "Private listen",
  sharedWith: "Shared privately with you. Please do not pass this link on.",
  worksUntil: (day: string) => `This link works until ${day}.`,
  preparing: "Being prepared for listening; reload in a few minutes.",
  download: (title: string) => `Download "${title}" (MP3)`,
  downloads: "Downloads",
  notOutYet: (day: string) => `Comes out ${day}`,
  unreleased: "Not out yet",
  goneTitle: "This link has ended",
  goneText: "The private link you opened no longer works. If you still need to hear the music, ask the person who sent it for a new one.",
  goneHome: "Go to the site",
} as const;
