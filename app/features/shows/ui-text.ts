// The words this feature shows a person, in the site's tone.

export const SHOW_STATUS_LABEL = {
  scheduled: "Scheduled",
  "sold-out": "Sold out",
  cancelled: "Cancelled",
} as const;

/** The dashboard's Shows area. */
export const SHOW_TEXT = {
  title: "Shows",
  metaDescription: "Your shows.",
  intro:
    "Your shows on the public Shows page, on the home page (the next one) and in the calendar fans can subscribe to. Times are the venue's own: fans see them as the venue advertises them.",
  addHeading: "Add a show",
  editHeading: (venue: string) => `Edit ${venue}`,
  startsLabel: "Date and time",
  startsHint: "When the show starts, on the venue's clock.",
  zoneLabel: "Venue's time zone",
  zoneHint: "Set to your own zone to begin with; change it when the venue is somewhere else.",
  zonePlaceholder: "Choose a time zone",
  venueLabel: "Venue",
  cityLabel: "City",
  countryLabel: "Country",
  ticketLabel: "Ticket link (optional)",
  ticketHint: "Where fans buy tickets, starting with https://.",
  statusLabel: "Status",
  statusOptions: { scheduled: "Scheduled (tickets on sale, or free)", "sold-out": "Sold out", cancelled: "Cancelled" },
  add: "Add show",
  adding: "Adding...",
  save: "Save changes",
  saving: "Saving...",
  cancel: "Cancel",
  edit: "Edit",
  remove: "Remove",
  removeConfirm: (venue: string) => `Remove the show at ${venue}? Fans will no longer see it, and it leaves their calendars.`,
  removeYes: "Yes, remove it",
  removeNo: "Keep it",
  removing: "Removing...",
  added: "Show added. It is on the site now.",
  saved: "Changes saved. They are on the site now.",
  removed: "Show removed.",
  upcomingHeading: "Upcoming",
  pastHeading: "Past",
  noUpcoming: "No upcoming shows. Add one above and it appears on the site at once.",
  noPast: "Past shows move here on their own once they are over.",
  checkFields: "Please correct the highlighted fields.",
  venueRequired: "Please enter the venue.",
  cityRequired: "Please enter the city.",
  countryRequired: "Please enter the country.",
  oneLine: (field: string) => `Please write the ${field} on one line, as plain text.`,
  tooLong: (field: string, max: number) => `Please keep the ${field} under ${max} characters.`,
  ticketHttps: "Ticket links must start with https://, like https://tickets.example.com/show.",
  ticketTooLong: "That ticket link is too long. Please use a shorter one.",
  statusInvalid: "Choose a status from the list.",
  notFound: "This show is no longer there. Reload the page to see the current shows.",
  badRequest: "That request was not understood.",
  unexpected: "Something went wrong. Please try again.",
} as const;

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
