/** A scheduled song's page until it comes out. */
export const UPCOMING_TEXT = {
  heading: "Coming soon",
  comesOut: (when: string) => `Out ${when}`,
  countdownLabel: "Time left until it comes out",
  outNow: "It is out now. Loading the song…",
} as const;
