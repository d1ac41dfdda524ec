// The release-day form carries back the day it showed, so a day moved
// elsewhere meanwhile (another tab, another admin) is not overwritten unseen.
// Shared by the form and the server's check (release-day.server.ts).

/** A release's coming day as the form carries it back. */
export const dayStamp = (day: { at: number; timeZone: string; announce: boolean }) => `${day.at}|${day.timeZone}|${day.announce ? 1 : 0}`;
