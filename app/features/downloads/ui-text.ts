// The words the downloads feature shows a person (decision 028). The download
// codes' words are in codes-ui-text.ts.
import type { DownloadAccess } from "#app/lib/db/db-schema.ts";

export const OFFER_TEXT = {
  heading: "Downloads",
  intro: "How fans take this release home. Files are made once in the background, tagged, with the cover, and kept.",
  accessLegend: "Fans can",
  access: {
    stream: { label: "Only stream it", hint: "No download on the page." },
    free: { label: "Download it free", hint: "A Download button; nothing asked." },
    email: { label: "Download it for an email address", hint: "They join your mailing list, and the download link is mailed to them." },
    pay: { label: "Name their price", hint: "Your suggested amount and your Support links, on trust; then the download." },
  } satisfies Record<DownloadAccess, { label: string; hint: string }>,
  emailNeedsMail: "Mail is off on this site, so the download is shown at once after the address is given.",
  formatsLegend: "Formats",
  flacHint: "FLAC is made only when every track was uploaded lossless (WAV, FLAC or AIFF).",
  suggested: "Suggested amount",
  suggestedHint: "Leave empty to let fans choose from nothing.",
  currency: "Currency",
  supportMissing: "Add your payment links in Site › Support, so fans know where to pay.",
  save: "Save downloads",
  saving: "Saving…",
  saved: "Downloads saved.",
  formatRequired: "Choose at least one format.",
  amountInvalid: "Write an amount such as 7 or 7.50.",
  amountTooLarge: "That amount is more than 10,000.",
  badRequest: "That form could not be read. Reload the page and try again.",
  releaseGone: "That release is not here any more.",
  statesHeading: "Files",
  ready: (size: string) => `Ready · ${size}`,
  preparing: "Preparing…",
  preparingPercent: (percent: number) => `Preparing… ${percent}%`,
  failed: (reason: string) => `Could not be made: ${reason}`,
  retry: "Try again",
  retrying: (format: string) => `Making the ${format} files again.`,
  retryMade: (format: string) => `The ${format} files are ready.`,
  retryNotOffered: (format: string) => `This release does not offer ${format} any more: nothing to make.`,
  countsHeading: "Downloads and redemptions",
  countsNone: "No downloads yet.",
  countsDay: "Day",
  countsDownloads: "Downloads",
  countsRedemptions: "Codes redeemed",
  countsTotal: (downloads: number, redemptions: number) =>
    `${downloads} ${downloads === 1 ? "download" : "downloads"} · ${redemptions} ${redemptions === 1 ? "code" : "codes"} redeemed`,
} as const;

/** What the release page's download part says (decision 028). */
export const FAN_TEXT = {
  heading: "Download",
  freeText: (formats: string) => `Take it home, free: ${formats}, tagged, with the cover.`,
  freeButton: "Download free",
  payHeading: "Name your price",
  payText: (formats: string) => `Pay what you want, then download: ${formats}, tagged, with the cover.`,
  suggested: (amount: string) => `Suggested: ${amount}`,
  payTrust: "It works on trust: nothing checks that you paid.",
  payButton: "I've paid: download",
  payNoLinks: "No payment links yet: download now, and support the artist when you can.",
  payNoLinksButton: "Download",
  emailPrivacy: "No spam: one click leaves the list.",
  sending: "Sending…",
  opening: "Getting your download…",
  confirm: (email: string) =>
    `One more step: open the link we've mailed to ${email} to confirm your address, and your download follows at once.`,
  mailed: (email: string) => `Your download link is on its way to ${email}.`,
  held: (email: string) => `Requests that arrive like this one are checked by hand first, so nothing has been mailed to ${email} yet.`,
  notOffered: "This release can't be downloaded that way.",
  releaseGone: "That release is not here any more.",
  tooMany: "Too many tries from here. Wait a few minutes, then try again.",
  failed: "Something went wrong. Please try again.",
} as const;

/** The mail that brings an e-mail download's link. */
export const DOWNLOAD_MAIL = {
  subject: (release: string) => `Your download: ${release}`,
  text: (artist: string, release: string, link: string, days: number) =>
    `Here is your download of ${release} by ${artist}:\n\n${link}\n\nThe link works for ${days} days. Thank you for listening.`,
} as const;

/** The download page, /download/{token}. */
export const GRANT_PAGE_TEXT = {
  title: (release: string) => `Download ${release}`,
  intro: (artist: string) =>
    `Thank you for supporting ${artist}. Choose a format: each is one zip with every track, tagged, and the cover.`,
  button: (format: string, size: string) => `Download ${format} · ${size}`,
  preparing: (format: string) => `${format}: being prepared…`,
  preparingPercent: (format: string, percent: number) => `${format}: being prepared… ${percent}%`,
  preparingNote: "This page updates by itself when the files are ready.",
  until: (when: string) => `This page works until ${when}. The files are yours to keep.`,
  resume: "A download that breaks off picks up where it stopped: just start it again.",
  waitingTitle: "Confirm your address first",
  waiting: "Open the link we mailed you and press the button: your download opens at once.",
  goneTitle: "This download link has ended",
  goneText: "Download links work for a while only. Get a new one from the release's page.",
  backToRelease: (release: string) => `Go to ${release}`,
  noFiles: "The artist no longer offers this release as a download.",
  notOutTitle: "Not out yet",
  notOut: "This release isn't out yet. Come back on its release day.",
} as const;
