import { EXAMPLE_CODE } from "./code-format.ts";

const plural = (count: number, one: string, many: string) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/** Limits of a batch, said and checked alike. */
export const CODE_LIMITS = { count: 1000, uses: 100, note: 200 } as const;

/** The dashboard's Download codes area. */
export const CODES_TEXT = {
  title: "Download codes",
  metaDescription: "Make download codes for a release, print them as cards or export them, and see them redeemed.",
  intro:
    "Codes fans redeem on this site to download a release: print them as cards for the merch table, or send them to press. Each works as many times as you say, until the day you choose.",
  makeHeading: "Make a batch of codes",
  releaseLabel: "Release",
  releaseComing: (title: string, day: string) => `${title} (out ${day})`,
  releaseRequired: "Choose the release the codes are for.",
  releaseGone: "That release is not on the site any more. Reload the page and choose another.",
  noReleases: "Codes are for a release: add one with at least one track first.",
  countLabel: "How many codes",
  countHint: `From 1 to ${CODE_LIMITS.count.toLocaleString("en-US")}.`,
  countInvalid: `Give a number of codes from 1 to ${CODE_LIMITS.count.toLocaleString("en-US")}.`,
  usesLabel: "Uses per code",
  usesHint: "How many times each code can be redeemed: 1 for a card that one fan keeps.",
  usesInvalid: `Give a number of uses from 1 to ${CODE_LIMITS.uses}.`,
  expiresLabel: "Last day (optional)",
  expiresHint: "The codes work until the end of that day; leave it empty for codes that do not run out.",
  expiresInvalid: "Give a day such as 2027-03-28.",
  expiresPast: "That day is over: choose today or a day to come.",
  noteLabel: "Note (optional)",
  noteHint: 'For you alone, such as "Merch table, spring tour". Fans do not see it.',
  noteTooLong: `Keep the note to ${CODE_LIMITS.note} characters.`,
  make: "Make the codes",
  made: (count: number, title: string) => `${plural(count, "code", "codes")} for ${title} ${count === 1 ? "is" : "are"} ready.`,
  madeHeading: "Your new codes",
  shownOnce:
    "They are shown only now: the site keeps no copy it could show again. Download the CSV or print the cards before you leave this page.",
  downloadCsv: "Download CSV",
  print: "Print the cards",
  printHint: "Only the cards are printed, several to a page.",
  cardsLabel: "Cards to print",
  cardRedeemAt: (site: string) => `Redeem at ${site}/redeem`,
  cardQr: "QR code: scan to redeem this code",
  cardUntil: (day: string) => `Valid until ${day}`,
  cardUses: (uses: number) => `Works ${uses} times`,
  csvHeader: ["code", "release", "uses", "expiry"],
  listHeading: "Batches",
  noBatches: "No codes yet.",
  batchCodes: (count: number, uses: number) => `${plural(count, "code", "codes")}${uses === 1 ? ", one use each" : `, ${uses} uses each`}`,
  batchRedeemed: (redemptions: number) => (redemptions === 0 ? "Not redeemed yet" : `Redeemed ${plural(redemptions, "time", "times")}`),
  batchUsesLeft: (left: number) => `${plural(left, "use", "uses")} left`,
  batchMade: (day: string) => `Made ${day}`,
  batchUntil: (day: string) => `Until ${day}`,
  batchNoEnd: "No last day",
  stateLive: "Working",
  stateEnded: "Ended by you",
  stateExpired: "Ran out",
  stateUsedUp: "All used",
  end: "End these codes",
  ended: (title: string) => `The codes for ${title} no longer work.`,
  restore: "Make them work again",
  restored: (title: string) => `The codes for ${title} work again.`,
  batchGone: "Those codes are not on the site any more. Reload the page.",
  badRequest: "That request could not be read. Reload the page and try again.",
  unexpected: "Something went wrong. Please try again.",
} as const;

/** The public page /redeem. */
export const REDEEM_TEXT = {
  title: "Redeem a download code",
  metaDescription: "Enter a download code to download the music it is for.",
  eyebrow: "Download code",
  intro: "Got a card or a code from the artist? Enter it here to download the music.",
  label: "Enter your download code",
  hint: `Ten letters and digits, like ${EXAMPLE_CODE}. Capitals, spaces and dashes do not matter.`,
  submit: "Redeem",
  blank: "Enter your download code.",
  malformed: `That is not a download code: codes have ten letters and digits, like ${EXAMPLE_CODE}. Check it and try again.`,
  notOurs: "That code is not one of ours. Check each character against your card and try again.",
  usedUp: (uses: number) => (uses === 1 ? "This code has already been used." : "This code has been used as many times as it allows."),
  withdrawn: "This code no longer works: the artist has ended it.",
  expired: "This code has run out: its last day is over.",
  notOut: (day: string, release: string) => `This code works from ${day}, when ${release} comes out.`,
  notOutUndated: (release: string) => `This code works once ${release} is out.`,
  tooMany: (seconds: number) =>
    `Too many wrong codes from your connection. Please wait ${plural(seconds, "second", "seconds")}, then try again.`,
  unexpected: "Something went wrong on our side. Please try again.",
} as const;
