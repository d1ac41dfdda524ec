import { formatDateTime } from "#app/lib/time/format-date.ts";
import type { UpcomingAnnouncement } from "./release-announcement.server.ts";

/** A release's time as the artist set it: in their zone, named. */
export const releaseWhen = (upcoming: UpcomingAnnouncement) =>
  `${formatDateTime(upcoming.releaseAt, upcoming.releaseTimeZone)} (${upcoming.releaseTimeZone.replaceAll("_", " ")})`;

/** Who an announcement goes to, with how many they are today. */
export const announcedTo = (upcoming: UpcomingAnnouncement) => {
  const fans = `${upcoming.recipients.toLocaleString("en")} ${upcoming.recipients === 1 ? "fan" : "fans"}`;
  return upcoming.toEveryone ? `to everyone on the list (${fans} now)` : `to the fans who asked on its page to be told (${fans} now)`;
};
