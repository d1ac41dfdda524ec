/** The Mail area's words. */
export const MAILING_TEXT = {
  title: "Mail",
  intro: "Write to everyone on your list: a new song, a show, a thank-you. Each fan gets it once, with their own unsubscribe link.",
  mailOff:
    "Mail is off, so nothing can be sent yet. Set SMTP_URL and MAIL_FROM (any provider: Postmark, Mailgun, Amazon SES, Fastmail, your host's SMTP) and restart; the README says how.",
  subjectRequired: "Please give the mailing a subject.",
  subjectOneLine: "The subject must be one line.",
  bodyRequired: "Please write something to send.",
  confirmSend: "Confirm that you want to send this to every confirmed subscriber.",
  saved: "Draft saved.",
  testSent: (email: string) => `A test is on its way to ${email}.`,
  sending: (count: number) => `Sending to ${count.toLocaleString("en")} ${count === 1 ? "subscriber" : "subscribers"}.`,
  alreadySent: "This mailing has already been sent.",
  notFound: "This mailing no longer exists.",
  noSubscribers: "Nobody has confirmed a subscription yet, so there is no one to send this to.",
  deleted: "Draft deleted.",
  noticeTitle: "Messages from fans",
  noticeLabel: "E-mail me when fans write",
  noticeHint: "To every admin's address, at most one mail every 10 minutes with everything new in it.",
  noticeOn: "You will get a mail when fans write.",
  noticeOff: "No more mails about fan messages.",
  noticeWaits: "These mails go out once mail is on (see above).",
  /** The mailing a scheduled song sends when it comes out. */
  announcementSubject: (title: string) => `"${title}" is out now`,
  announcementBody: (title: string, artist: string, kind: "album" | "ep" | "single" = "single") =>
    `**${title}**, the new ${{ album: "album", ep: "EP", single: "song" }[kind]} from ${artist}, is out now. Press play below.`,
  announcementBy: "the release schedule",
  announcementGone: "That release is out already (or no longer scheduled), so its announcement cannot be changed.",
  goesWithRelease: "This announcement goes out by itself when its release comes out.",
  withARelease: "With a release",
  withAReleaseIntro: "A scheduled release mails the fans when it comes out. Write what it says, preview it and send yourself a test.",
} as const;
