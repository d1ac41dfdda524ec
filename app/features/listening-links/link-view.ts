// A private listening link as the dashboard shows it (listening-links.server.ts makes them).

/** Whether a link opens its page now. */
export type LinkState = "live" | "revoked" | "expired";

/** A link as the dashboard lists it. */
export type ListeningLinkView = {
  id: string;
  recipient: string;
  /** The track it plays, or null for the whole release. */
  songId: string | null;
  /** Its address, or null when it was made under another AUTH_SECRET (LINK_TEXT.otherSecret). */
  url: string | null;
  state: LinkState;
  expiresAt: number | null;
  allowDownload: boolean;
  notifyOnFirstVisit: boolean;
  createdAt: number;
  firstVisitAt: number | null;
  lastVisitAt: number | null;
  visits: number;
  plays: number;
};
