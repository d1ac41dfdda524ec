// The words the dashboard's Numbers area shows the artist (not in SPEC: ours, in its tone).
import type { RangeDays } from "./schema.ts";

/** The figures the area charts, in the order it shows them. */
export const FIGURES = {
  visitors: "Visitors",
  views: "Page views",
  playStarts: "Plays",
  plays30s: "Played past 30 s",
  playEnds: "Played to the end",
  signups: "Sign-ups",
  messages: "Messages",
  downloads: "Downloads",
  redemptions: "Codes redeemed",
  clicks: "Mail clicks",
} as const;

export type FigureKey = keyof typeof FIGURES;

/** Beside a figure's name where the name alone could mislead. */
export const FIGURE_NOTES: Partial<Record<FigureKey, string>> = {
  // A visitor is known only within a day (decision 029): a span's visitors are its days' added up.
  visitors: "each counted once a day",
};

export const NUMBERS_TEXT = {
  title: "Numbers",
  metaDescription: "Visitors, plays, sign-ups and downloads, day by day.",
  intro:
    "What happened on your site, counted day by day. No cookies and no fan followed from page to page: a visitor is told apart only within one day, and visits and plays from browsers that ask not to be tracked are left out.",
  rangesLabel: "Time span",
  ranges: { 7: "7 days", 30: "30 days", 365: "12 months" } satisfies Record<RangeDays, string>,
  /** "November 1 – November 30, 2026 (UTC)". */
  span: (from: string, to: string) => `${from} – ${to} (UTC)`,
  exportCsv: "Download CSV",
  figuresHeading: "At a glance",
  /** A figure's total, as a screen reader hears it after the figure's name. */
  totalIn: (days: RangeDays) => (days === 365 ? "in the last 12 months" : `in the last ${days} days`),
  perDay: (figure: string) => `${figure} per day`,
  perWeek: (figure: string) => `${figure} per week`,
  dayColumn: "Day",
  weekColumn: "Week",
  peak: (count: string) => `Highest: ${count}`,
  emptyHeading: "No numbers yet",
  empty:
    "Nothing has been counted on this site yet. As people visit, play your tracks, sign up, write to you, download your releases and follow the links in your mailings, their counts appear here, day by day: visitors, page views, plays, sign-ups, messages, downloads, redeemed codes and mail clicks, with your top tracks and pages and the sites that sent people here.",
  emptyRangeHeading: "Nothing counted in these days",
  emptyRange: "No one was counted in this time span. A longer span shows what came before.",
  listsHeading: "What people came for",
  noneInRange: "None in these days.",
  tracks: {
    heading: "Top tracks",
    track: "Track",
    started: "Started",
    past30s: "Past 30 s",
    finished: "To the end",
  },
  releases: { heading: "Top releases", release: "Release" },
  pages: { heading: "Top pages", page: "Page", views: "Views" },
  referrers: { heading: "Sites that sent visitors", site: "Site", visits: "Visits" },
  campaigns: { heading: "Campaigns", campaign: "Campaign", visits: "Visits" },
  signups: { heading: "Sign-ups by form", form: "Form", page: "Page", signups: "Sign-ups" },
  mailLinks: { heading: "Mail links clicked", link: "Link", clicks: "Clicks" },
  /** The subject counts go to once a day has seen too many different ones (junk sent on purpose). */
  other: "Others, past the day's limit",
  /** A song or mailing link the counts name that is no longer on the site. */
  gone: "No longer on the site",
  /** The newsletter's forms, as the artist knows them. */
  signupForms: {
    footer: "Footer form",
    panel: "Home page form",
    release: "Coming-soon page",
    download: "Free-download form",
    account: "A fan's account page",
    filtered: "Let through from Filtered",
    form: "A form that did not say which",
  } as Readonly<Record<string, string>>,
  csvHeader: ["date", "metric", "subject", "count", "label"],
} as const;
