import type { PublicShow } from "./show.ts";
import { eventName } from "./ui-text.ts";

const SCHEMA = "https://schema.org/";

/**
 * A schema.org MusicEvent for a show that is still to come, as search engines
 * read events: its start with the venue's offset then (so a date across a DST
 * change is right), its status, the place, tickets and who plays.
 */
export function musicEvent(show: PublicShow, site: { artistName: string; origin: string; image: string }): Record<string, unknown> {
  const showsPage = new URL("/shows", `${site.origin}/`).toString();
  const offerUrl = show.ticketUrl ?? (show.status === "sold-out" ? showsPage : null);
  return {
    "@context": "https://schema.org",
    "@type": "MusicEvent",
    name: eventName(site.artistName, show.venue),
    startDate: show.startIso,
    eventStatus: `${SCHEMA}${show.status === "cancelled" ? "EventCancelled" : "EventScheduled"}`,
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    url: showsPage,
    image: site.image,
    location: {
      "@type": "Place",
      name: show.venue,
      address: { "@type": "PostalAddress", addressLocality: show.city, addressCountry: show.country },
    },
    ...(offerUrl && show.status !== "cancelled"
      ? {
          offers: {
            "@type": "Offer",
            url: offerUrl,
            availability: `${SCHEMA}${show.status === "sold-out" ? "SoldOut" : "InStock"}`,
          },
        }
      : {}),
    performer: { "@type": "MusicGroup", name: site.artistName, url: new URL("/", `${site.origin}/`).toString() },
  };
}
