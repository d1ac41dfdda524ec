// The words the Site area shows the artist.

export const SITE_TEXT = {
  intro: "Everything a fan reads on the site. Each part saves on its own and shows on every page at once.",
  save: "Save",
  saving: "Saving...",
  saved: (title: string) => `${title} saved. The site shows it now.`,
  restored: (title: string) => `${title}: the older version is back. The site shows it now.`,
  fixFields: "Not saved: fix the fields marked below.",
  conflict: (who: string, when: string) =>
    `Not saved: ${who} saved this part at ${when}, after you opened it. Your text is still here. Reload the page to see theirs, or save yours over it.`,
  saveOverIt: "Save mine over it",
  versionGone: "That version is no longer kept. Reload the page to see the ones that are.",
  unexpected: "Could not save. Please try again.",
  history: "Earlier versions",
  noHistory: "No earlier versions yet: each save keeps the one before it.",
  current: "Shown now",
  restore: "Restore",
  savedBy: (who: string, when: string) => `${when}, by ${who}`,
  firstStart: "The first-start text",
  legalBuiltIn: "Until you save your own, this page shows the built-in text. Empty it and save to go back to the built-in text.",
  /** Said under both legal pages' editors: the tokens and what they become. */
  legalTokens:
    "Write {artist name} and {contact email} where the page should show your name and general e-mail: they follow your settings above.",
} as const;

/** The press kit's part of the Site area. */
export const PRESS_EDITOR_TEXT = {
  title: "Press kit",
  description: "The words of /press, for journalists and bookers. The page is public once it has a bio, a quote, a contact or a file.",
  seePage: "See the press kit",
  shortBio: "Short bio",
  shortBioHint: "One paragraph, ready to print as it is (up to 1,200 characters).",
  longBio: "Long bio",
  longBioHint: "The whole story; leave an empty line between paragraphs (up to 12,000 characters).",
  quotes: "Press quotes",
  quotesHint: "What the press said, with who said it and, where it can be read, its address.",
  quoteText: (n: number) => `Quote ${n}`,
  quoteName: (n: number) => `quote ${n}`,
  quoteSource: "Source",
  quoteSourceHint: "e.g. “Rolling Stone” or “Jane Doe, The Guardian”.",
  quoteUrl: "Link (optional)",
  addQuote: "+ Add a quote",
  contacts: "Contacts",
  contactsHint: "Whom to write to; leave a role empty to leave it out.",
  roles: { booking: "Booking", press: "Press", management: "Management" },
  contactName: "Name or agency (optional)",
  contactEmail: "E-mail",
  releases: "Music to play",
  releasesHint: (max: number) => `Up to ${max} releases with music out. None chosen: the latest release.`,
  noReleases: "No release has music out yet.",
} as const;

/** The Site area's part on how fans support the artist (issue #36). */
export const SUPPORT_EDITOR_TEXT = {
  title: "Support",
  description:
    "Ways fans can give you money directly: your pages on Ko-fi, Liberapay, PayPal.me, Patreon, or bank details. Shown on the home page, on release pages and in the footer once there is a link or bank details.",
  heading: "Heading (optional)",
  headingHint: 'Empty: "Support the music".',
  text: "A line about it (optional)",
  textHint: "What it makes possible, such as studio time or the next tour.",
  links: "Links",
  linksHint: "Each a button: the name fans see, and your page's address.",
  label: (n: number) => `Link ${n}: button text`,
  labelHint: "Such as Ko-fi, PayPal or Buy me a coffee.",
  url: "Address",
  linkName: (n: number) => `link ${n}`,
  addLink: "+ Add a link",
  bank: "Bank transfer (optional)",
  bankHint: "Account name, IBAN and a reference, as fans should copy them. Shown when they ask for it.",
} as const;
