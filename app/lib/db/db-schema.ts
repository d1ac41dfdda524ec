import type { ColumnType, Generated } from "kysely";

/** Epoch milliseconds; PostgreSQL bigint is parsed to a number by our pool. */
type EpochMs = number;
/** 0 or 1: booleans are stored as integers on both dialects. */
type Flag = number;

export interface SongsTable {
  id: string;
  title: string;
  artist: string;
  audioKey: string;
  coverKey: string;
  isLatest: Generated<Flag>;
  spotifyUrl: Generated<string>;
  appleUrl: Generated<string>;
  amazonUrl: Generated<string>;
  youtubeUrl: Generated<string>;
  durationMs: number | null;
  createdAt: EpochMs;
  updatedAt: EpochMs;
  /** 1 once the song is out (on upload, or when the release job reaches releaseAt); public lists read only these. */
  released: Generated<Flag>;
  /** When a scheduled song comes out (stays as its release date); null for songs out on upload. */
  releaseAt: EpochMs | null;
  /** The zone the artist scheduled in, to show the time as they wrote it. */
  releaseTimeZone: string | null;
  /** Whether the song becomes the latest release when it comes out. */
  releaseMakesLatest: Generated<Flag>;
  /** Whether its coming out mails every confirmed subscriber (when mail is on). */
  releaseAnnounce: Generated<Flag>;
  /** The release this song is a track of (every song has one: migration 0018 made each old song a single). */
  releaseId: string;
  /** Its place in the release's running order, from 1. */
  trackNumber: Generated<number>;
  /** Its address within the release: /music/{release slug}/{slug}; unique in the release. */
  slug: string;
  /** Plain-text lyrics, as the artist wrote them; "" for none. */
  lyrics: Generated<string>;
  /** Time-synced lyrics as LRC ([mm:ss.xx] per line); "" for none. */
  syncedLyrics: Generated<string>;
  /** JSON: the track's credits, a list of { role, name } in the artist's order (app/domain/credits.ts). */
  credits: Generated<string>;
  /** Its ISRC as twelve characters without hyphens; "" for none. */
  isrc: Generated<string>;
  /** 1 when the artist marked it explicit. */
  explicit: Generated<Flag>;
}

export type ReleaseKind = "album" | "ep" | "single";

export interface ReleasesTable {
  id: string;
  /** Its address: /music/{slug}; unique. */
  slug: string;
  title: string;
  kind: ReleaseKind;
  createdAt: EpochMs;
  updatedAt: EpochMs;
  /** Liner notes, Markdown; "" for none. */
  notes: Generated<string>;
  /** JSON: the release's credits, a list of { role, name } (app/domain/credits.ts). */
  credits: Generated<string>;
  /** The day it first came out, as UTC midnight, when the artist set one (a record older than the site); else null. */
  releaseDate: EpochMs | null;
  /** How fans get it: stream only, a free download, free for an e-mail address, or name-your-price (decision 028). */
  downloadAccess: Generated<DownloadAccess>;
  /** JSON: the formats offered, a list of DownloadFormat. */
  downloadFormats: Generated<string>;
  /** Name-your-price: the amount suggested, in the currency's minor units (cents); null for none. */
  suggestedAmount: number | null;
  /** ISO 4217, upper case. */
  currency: Generated<string>;
}

export type DownloadAccess = "stream" | "free" | "email" | "pay";
export type DownloadFormat = "mp3-320" | "flac" | "opus";

/** An address a release had before the artist changed its slug: /music/{slug} answers 301 with its page now. */
export interface ReleaseSlugRedirectsTable {
  slug: string;
  releaseId: string;
  createdAt: EpochMs;
}

/** An address a track had, /music/{releaseSlug}/{slug}, before its slug or its release changed. */
export interface TrackSlugRedirectsTable {
  releaseSlug: string;
  slug: string;
  songId: string;
  createdAt: EpochMs;
}

export interface ContactsTable {
  id: string;
  name: string | null;
  email: string | null;
  message: string;
  timestamp: EpochMs;
  source: Generated<string>;
  status: Generated<"unread" | "read">;
}

interface SubscribersTable {
  id: string;
  email: string;
  timestamp: EpochMs;
  subscribed: Generated<Flag>;
  source: Generated<string>;
  /** With mail on: when the confirmation mail for the current sign-up was asked for (null once confirmed). */
  pendingSince: Generated<EpochMs | null>;
  /** When the fan confirmed through the mail's link; null for sign-ups made without mail, and imports. */
  confirmedAt: Generated<EpochMs | null>;
}

/** What an address was shown and did: a sign-up, its confirmation, an import, an unsubscribe (db/migrations/0010-consent.ts). */
export interface ConsentsTable {
  id: string;
  email: string;
  event: "signed-up" | "confirmed" | "imported" | "unsubscribed" | "removed-by-artist" | "restored-by-artist";
  at: EpochMs;
  /** The words on the form, as the fan saw them; for an import, where it came from. */
  words: string | null;
  /** Which form: "footer", "panel" (/music, /newsletter), or "import". */
  form: string | null;
  /** The page the form was on. */
  page: string | null;
}

/** better-auth's user table, as far as our code reads and writes it. */
interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
  /** Comma-separated roles, as better-auth's admin plugin keeps them. */
  role: string | null;
}

interface SessionTable {
  id: string;
  userId: string;
  token: string;
}

interface PendingUploadsTable {
  key: string;
  createdAt: EpochMs;
}

interface FormRateLimitsTable {
  key: string;
  windowStart: EpochMs;
  count: number;
}

interface SetupTokensTable {
  tokenHash: string;
  expiresAt: EpochMs;
}

/** A public-form submission the bot checks held back (app/domain/held-submissions.server.ts). */
export interface HeldSubmissionsTable {
  id: string;
  kind: "contact" | "newsletter";
  /** The submission as its form's schema parsed it, as JSON. */
  payload: string;
  reason: "honeypot" | "too-fast" | "no-token" | "expired" | "reused";
  receivedAt: EpochMs;
}

/** Background work on a stored file (app/lib/jobs/media-jobs.server.ts). */
export interface MediaJobsTable {
  /** `{kind}:{key}`. */
  id: string;
  kind: "analyse" | "renditions" | "downloads";
  key: string;
  status: "queued" | "done" | "failed";
  attempts: number;
  nextAttemptAt: EpochMs;
  leaseOwner: string | null;
  leaseUntil: EpochMs | null;
  /** Why the last attempt failed, in ffmpeg's words or ours. */
  lastError: string | null;
  /** How far the attempt under way has come, in percent; null when none is, or it cannot say. */
  progress: number | null;
  createdAt: EpochMs;
  doneAt: EpochMs | null;
}

/** What was measured of a track's audio, once. */
export interface AudioFactsTable {
  audioKey: string;
  loudnessLufs: number | null;
  truePeakDb: number | null;
  durationMs: EpochMs;
  /** JSON: the waveform's peaks, 0 to 1. */
  peaks: string;
  measuredAt: EpochMs;
}

/** A track's streaming renditions, made once from its upload (app/domain/audio-renditions.server.ts). */
export interface AudioRenditionsTable {
  audioKey: string;
  opusKey: string;
  opusBytes: number;
  fallbackKey: string;
  fallbackBytes: number;
  fallbackCopied: 0 | 1;
  madeAt: EpochMs;
}

/** The upload of a song from before renditions, which fans hear until its renditions are made (decision 026). */
export interface UploadsServedUntilRenditionsTable {
  audioKey: string;
}

/** How many submissions were refused on a day because the Filtered list was full. */
export interface HeldRefusalsTable {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  refused: number;
  lastAt: EpochMs;
}

/** A public form's token as first used, per form and client: see app/domain/form-token-uses.server.ts. */
export interface FormTokenUsesTable {
  /** A hash of the form, the client and the token. */
  key: string;
  /** A hash of what was submitted. */
  contentHash: string;
  outcome: "stored" | "held";
  usedAt: EpochMs;
}

/** The artist's photos (app/features/photos); the files live in storage under `key`. */
export interface PhotosTable {
  id: string;
  slot: "hero" | "portrait" | "poster" | "press";
  /** Order among the press photos; 0 for the single slots. */
  position: number;
  key: string;
  width: number;
  height: number;
  alt: string;
  focalX: Generated<number>;
  focalY: Generated<number>;
  /** A data URI of a ~16 px wide blurred copy. */
  placeholder: string;
  /** A press photo's caption and who took it, as the press kit prints them; empty until written. */
  caption: Generated<string>;
  credit: Generated<string>;
  createdAt: EpochMs;
  updatedAt: EpochMs;
}

/** A PDF of the press kit (app/features/press): public only while its row names it. */
export interface PressFilesTable {
  id: string;
  /** Its stored file, press/{ms}_{name}.pdf. */
  key: string;
  title: string;
  size: number;
  /** The artist's order. */
  position: number;
  createdAt: EpochMs;
}

/** A release's zip in one format, made in the background and kept; a new stamp (changed tracks, tags or cover) makes a new one. */
export interface DownloadFilesTable {
  releaseId: string;
  format: DownloadFormat;
  /** The release's content stamp the zip was made from. */
  stamp: string;
  /** downloads/{ms}_{name}.zip, withheld in a bucket like audio, served only by /download/. */
  key: string;
  bytes: number;
  madeAt: EpochMs;
}

/** A batch of download codes, made at once for one release. */
export interface CodeBatchesTable {
  id: string;
  releaseId: string;
  count: number;
  usesPerCode: number;
  expiresAt: EpochMs | null;
  note: string;
  createdAt: EpochMs;
}

/** One code: only its SHA-256 is kept (the plain codes are shown once, as the batch is made). */
export interface DownloadCodesTable {
  id: string;
  batchId: string;
  codeHash: string;
  usesLeft: number;
  createdAt: EpochMs;
}

/** A fan's right to download a release for a while: free, for an e-mail, paid on the honour system, or from a code. */
export interface DownloadGrantsTable {
  id: string;
  /** SHA-256 of the token its address carries. */
  tokenHash: string;
  releaseId: string;
  via: "free" | "email" | "pay" | "code";
  email: string | null;
  codeId: string | null;
  /** When it could first be used: at once, or for an e-mail grant when the address was confirmed; null while waiting. */
  openedAt: EpochMs | null;
  createdAt: EpochMs;
  expiresAt: EpochMs;
  revokedAt: EpochMs | null;
}

export interface CodeRedemptionsTable {
  id: string;
  codeId: string;
  grantId: string;
  releaseId: string;
  at: EpochMs;
}

/** A download started (a request from the file's first byte). */
export interface DownloadEventsTable {
  id: string;
  grantId: string;
  releaseId: string;
  format: DownloadFormat;
  at: EpochMs;
}

interface ContentVersionTable {
  id: number;
  version: number;
}

/** One section of what the site says, as the dashboard last saved it (app/domain/site/site-settings.server.ts). */
interface SiteSettingsTable {
  section: string;
  /** The section's parsed value, as JSON. */
  data: string;
  revision: number;
  updatedAt: EpochMs;
  updatedBy: string;
}

/** Every value a section has been saved with, for the dashboard's history and restore. */
export interface SiteSettingVersionsTable {
  id: string;
  section: string;
  revision: number;
  data: string;
  savedAt: EpochMs;
  savedBy: string;
}

/** A mailing the artist writes in the dashboard (db/migrations/0009-mail.ts). */
export interface MailingsTable {
  id: string;
  subject: string;
  /** Markdown. */
  body: string;
  /** A song whose card (cover, title, link to its page) goes under the words. */
  songId: string | null;
  /** A draft can be changed; a sent mailing is kept as it went out (its outbox rows tell the progress). */
  status: "draft" | "sent";
  /** A scheduled song's announcement: goes out with the song (never by Send), to the fans its release mails. */
  announces: string | null;
  /** The words as they went out, for all recipients (mailContents). */
  contentId: string | null;
  recipients: number | null;
  createdAt: number;
  updatedAt: number;
  updatedBy: string;
  sentAt: number | null;
}

/** A mail's words, once however many fans it goes to (db/migrations/0009-mail.ts). */
export interface MailContentsTable {
  id: string;
  subject: string;
  /** The plain-text part; `{{unsubscribeUrl}}` becomes each recipient's own link. */
  text: string;
  html: string | null;
  /** 1: a mailing to the list, with List-Unsubscribe headers and each recipient's link. */
  listUnsubscribe: number;
  /** Where a reply goes (`Name <address>`, checked header-safe), when not to the sender. */
  replyTo: string | null;
  createdAt: number;
}

/** One mail to one recipient, waiting, sent or given up on. */
export interface OutboxTable {
  /** Also the mail's Message-ID, the same on every attempt. */
  id: string;
  contentId: string;
  recipient: string;
  status: "queued" | "sent" | "failed";
  attempts: number;
  nextAttemptAt: number;
  leaseOwner: string | null;
  leaseUntil: number | null;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

/** A notice mailed to the admins, e.g. about new fan messages (db/migrations/0011-notifications.ts). */
export interface NotificationsTable {
  kind: "new-messages";
  enabled: number;
  lastSentAt: EpochMs | null;
  /** Messages up to this time have been told of (or came before the notice was on). */
  coveredUntil: EpochMs;
}

/** A show on the artist's calendar (db/migrations/0013-shows.ts; app/features/shows). */
export interface ShowsTable {
  id: string;
  /** The venue's wall-clock start as the artist typed it: YYYY-MM-DDTHH:MM. */
  startsLocal: string;
  /** The venue's IANA time zone, e.g. Europe/Berlin. */
  timeZone: string;
  /** The instant `startsLocal` names in `timeZone`. */
  startsAt: EpochMs;
  venue: string;
  city: string;
  country: string;
  /** An https address, or null for none. */
  ticketUrl: string | null;
  status: Generated<"scheduled" | "sold-out" | "cancelled">;
  createdAt: EpochMs;
  updatedAt: EpochMs;
}

/** A one-time link inviting an e-mail address to become an admin (db/migrations/0015-admin-invites.ts). */
export interface AdminInvitesTable {
  id: string;
  email: string;
  /** SHA-256 of the link's token, hex: the token itself is never stored. */
  tokenHash: string;
  /** The inviting admin's user id. */
  invitedBy: string;
  createdAt: EpochMs;
  expiresAt: EpochMs;
  acceptedAt: EpochMs | null;
  revokedAt: EpochMs | null;
}

/** What an admin did about the admins: who, to whom, when. */
export interface AdminEventsTable {
  id: string;
  at: EpochMs;
  event: "invited" | "invite-revoked" | "invite-accepted" | "admin-removed";
  /** Who did it, as the Account area names them (name and e-mail). */
  actor: string;
  /** The address it was about. */
  subject: string;
}

/** A change of sign-in e-mail waiting for the new address to confirm it (db/migrations/0016-email-changes.ts). */
export interface EmailChangesTable {
  id: string;
  userId: string;
  oldEmail: string;
  newEmail: string;
  /** SHA-256 of the link's token, hex. */
  tokenHash: string;
  /** SHA-256 of the password hash when asked: another now means the password changed, and the request is void. */
  passwordStamp: string;
  createdAt: EpochMs;
  expiresAt: EpochMs;
  usedAt: EpochMs | null;
}

/** A private listening link (migration 0026, decision 027): for a release or for one track. */
export interface ListeningLinksTable {
  id: string;
  /** SHA-256 of the link's token, hex. */
  tokenHash: string;
  releaseId: string | null;
  songId: string | null;
  /** Who it is for, as the artist named them ("Jane, Rolling Stone"). */
  recipient: string;
  expiresAt: EpochMs | null;
  allowDownload: Generated<Flag>;
  notifyOnFirstVisit: Generated<Flag>;
  revokedAt: EpochMs | null;
  createdAt: EpochMs;
  firstVisitAt: EpochMs | null;
  lastVisitAt: EpochMs | null;
  visits: Generated<number>;
  plays: Generated<number>;
}

/**
 * What was counted on one UTC day (db/migrations/0029-numbers.ts): a metric,
 * its subject (a page's path, a track's id, a referring domain…) and how many.
 */
export interface DailyCountsTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  metric: string;
  subject: string;
  count: number;
}

/** The random salt of one day's visitor hashes, deleted once the day is over. */
interface VisitorSaltsTable {
  day: string;
  salt: string;
}

/** A link of a sent mailing, behind /go/{id}: a click is counted, then redirected to `url`. */
export interface MailingLinksTable {
  id: string;
  mailingId: string;
  /** Its place among the mailing's links, first to last. */
  position: number;
  url: string;
}

export interface Database {
  songs: SongsTable;
  releases: ReleasesTable;
  releaseSlugRedirects: ReleaseSlugRedirectsTable;
  trackSlugRedirects: TrackSlugRedirectsTable;
  contacts: ContactsTable;
  subscribers: SubscribersTable;
  consents: ConsentsTable;
  notifications: NotificationsTable;
  user: UserTable;
  session: SessionTable;
  setupTokens: SetupTokensTable;
  pendingUploads: PendingUploadsTable;
  formRateLimits: FormRateLimitsTable;
  contentVersion: ContentVersionTable;
  heldSubmissions: HeldSubmissionsTable;
  heldRefusals: HeldRefusalsTable;
  formTokenUses: FormTokenUsesTable;
  mediaJobs: MediaJobsTable;
  audioRenditions: AudioRenditionsTable;
  uploadsServedUntilRenditions: UploadsServedUntilRenditionsTable;
  audioFacts: AudioFactsTable;
  siteSettings: SiteSettingsTable;
  siteSettingVersions: SiteSettingVersionsTable;
  photos: PhotosTable;
  pressFiles: PressFilesTable;
  shows: ShowsTable;
  mailings: MailingsTable;
  mailContents: MailContentsTable;
  outbox: OutboxTable;
  adminInvites: AdminInvitesTable;
  adminEvents: AdminEventsTable;
  listeningLinks: ListeningLinksTable;
  downloadFiles: DownloadFilesTable;
  codeBatches: CodeBatchesTable;
  downloadCodes: DownloadCodesTable;
  downloadGrants: DownloadGrantsTable;
  codeRedemptions: CodeRedemptionsTable;
  downloadEvents: DownloadEventsTable;
  emailChanges: EmailChangesTable;
  dailyCounts: DailyCountsTable;
  visitorSalts: VisitorSaltsTable;
  mailingLinks: MailingLinksTable;
}
