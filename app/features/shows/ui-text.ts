// The words fans see of this feature (the Shows page, the next show on home, the
// calendar feed), in the site's tone. The dashboard's are in shows-area-text.ts,
// so public pages do not download them.

/** The public Shows page, and the home page's next show. */
export const SHOWS_PAGE_TEXT = {
  eyebrow: "Live",
  title: (artist: string) => `See ${artist} live`,
  metaTitle: "Shows",
  metaDescription: (artist: string) => `Upcoming shows and tickets for ${artist}, and the shows that came before.`,
  intro: "Every date on the road, with tickets. Times are the venue's local time.",
  subscribe: "Add to calendar",
  subscribeHint: "Subscribe once and new dates appear in your calendar app on their own.",
  download: "Download .ics",
  calendarTitle: (artist: string) => `${artist}: shows`,
  upcomingHeading: "Upcoming",
  pastHeading: "Past shows",
  tickets: "Tickets",
  ticketsFor: (venue: string, date: string) => `for ${venue}, ${date}`,
  newTab: "(opens in a new tab)",
  soldOut: "Sold out",
  cancelled: "Cancelled",
  localTime: (place: string) => `${place} time`,
  emptyTitle: "No shows on the calendar right now",
  emptyText: "New dates are announced here first. Add the calendar above and they show up in yours on their own.",
  booking: "Booking a show? Get in touch",
  loadFailed: "The shows could not be loaded. Please try again in a moment.",
  nextShow: "Next show",
  allShows: "All shows",
} as const;

/** A show's name wherever it stands alone: a calendar entry, a search result. */
export const eventName = (artist: string, venue: string) => `${artist} at ${venue}`;

/** The calendar feed's words. */
export const ICS_TEXT = {
  localStart: (date: string, time: string, place: string, zone: string) => `${date}, ${time} ${place} time (${zone}).`,
  tickets: (url: string) => `Tickets: ${url}`,
  soldOut: "Sold out.",
  cancelled: "Cancelled.",
  more: (url: string) => `All shows: ${url}`,
} as const;
