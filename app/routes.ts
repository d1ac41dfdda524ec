import { index, route, type RouteConfig } from "@react-router/dev/routes";
import rawSiteConfig from "#site-config";

// The dashboard's address comes from site.config.ts (validated at start-up).
const dashboard = `${rawSiteConfig.artist.slug}-dashboard`;

export default [
  index("routes/home.tsx"),
  route("bio", "routes/bio.tsx"),
  route("music", "routes/music.tsx"),
  route("music/:songId", "routes/music-song.tsx"),
  route("shows", "routes/shows.tsx"),
  route("shows.ics", "routes/shows-ics.ts"),
  route("contact", "routes/contact.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("login", "routes/login.tsx"),
  route("login/forgot", "routes/login-forgot.tsx"),
  route("login/reset", "routes/login-reset.tsx"),
  route("logout", "routes/logout.ts"),
  route("setup", "routes/setup.tsx"),
  route(dashboard, "routes/dashboard.tsx"),
  route(`${dashboard}/site`, "routes/dashboard.site.tsx"),
  route(`${dashboard}/shows`, "routes/dashboard.shows.tsx"),
  route(`${dashboard}/mail`, "routes/dashboard.mail.tsx"),
  route(`${dashboard}/account`, "routes/dashboard.account.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("api/messages", "routes/api.messages.ts"),
  route("api/filtered", "routes/api.filtered.ts"),
  route("api/site", "routes/api.site.ts"),
  route("api/songs", "routes/api.songs.ts"),
  route("api/subscribers", "routes/api.subscribers.ts"),
  route("api/subscribers.csv", "routes/api.subscribers-csv.ts"),
  route("api/subscribers/import", "routes/api.subscribers-import.ts"),
  route("api/uploads/:kind", "routes/api.uploads.ts"),
  route("api/photos", "routes/api.photos.ts"),
  route("social-image.png", "routes/social-image.ts"),
  route("social-marks.svg", "routes/social-marks.ts"),
  // For other sites and apps (docs/decisions/016-embeds-and-feeds.md).
  route("embed/:songId?", "routes/embed.tsx"),
  route("oembed", "routes/oembed.ts"),
  route("feed.xml", "routes/feed-xml.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
