// The site's first-start content and its one deploy-time setting.
//
// `artist.slug` sets the dashboard's address (/{slug}-dashboard); changing it
// needs a rebuild. Everything else here is only where a new site starts: the
// artist edits it all in the dashboard's Site area, which keeps it in the
// database (decision 013). A bad value stops start-up with a message naming the
// field.
import { defineSiteConfig } from "#app/domain/site/define-site-config.ts";

export default defineSiteConfig({
  artist: {
    name: "Juniper Vale",
    slug: "juniper",
    tagline: "Songs for the long way home",
    description:
      "Juniper Vale is a singer-songwriter blending pop hooks, R&B warmth and folk storytelling. Listen to the latest release, read the story and get in touch.",
    genres: ["Pop", "R&B", "Folk"],
  },
  home: {
    heroHeading: "Songs for the long way home",
    heroText: "Pop hooks, R&B warmth and the honesty of a folk song — written on a kitchen table, finished on the road.",
    aboutPreview:
      "Juniper grew up between a church choir and her father's record shelf, and has been turning late-night voice memos into songs ever since.",
  },
  bio: {
    story: [
      "Juniper Vale grew up in a small river town where the church choir was the only stage in reach. Her father's record shelf did the rest: Motown singles, worn-out folk LPs and a single cassette of nineties R&B that she played until it snapped.",
      "She started writing at fifteen, recording voice memos on the walk home from school. Those sketches became her first EP, self-released and sold at open-mic nights from a shoebox of CDs.",
      "Today she writes songs that sit where those worlds meet: melodies you can sing after one listen, grooves with room to breathe, and lyrics that tell the truth plainly. She records with a small band of friends and still finishes every song on the same kitchen table.",
    ],
    influences: [
      {
        name: "Soul and Motown",
        description: "Warm voices, tight harmonies and songs built to move a room.",
      },
      {
        name: "Folk storytelling",
        description: "Plain words, honest stories and a guitar that leaves space for them.",
      },
      {
        name: "Nineties R&B",
        description: "Slow grooves, layered vocals and the art of the bridge.",
      },
      {
        name: "Modern pop",
        description: "Hooks that stay with you and production that never hides the song.",
      },
    ],
  },
  // The featured song is the latest release until the artist picks one in the dashboard.
  featuredSong: {
    description: "The newest single, fresh from the kitchen table. Press play, or find it on your favourite service.",
  },
  liveVideo: {
    youtubeId: "aqz-KE-bpKQ",
    startSeconds: 42,
    title: "Live at the Riverside Hall",
  },
  social: [
    { platform: "spotify", url: "https://open.spotify.com/" },
    { platform: "youtube", url: "https://www.youtube.com/" },
    { platform: "instagram", url: "https://www.instagram.com/" },
    { platform: "linkedin", url: "https://www.linkedin.com/" },
    { platform: "tiktok", url: "https://www.tiktok.com/" },
    { platform: "facebook", url: "https://www.facebook.com/" },
    { platform: "apple-music", url: "https://music.apple.com/" },
  ],
  contact: {
    collaboration: {
      heading: "Collaboration",
      text: "Songwriters, producers and artists: I love co-writing. Tell me what you are working on.",
      email: "collab@example.com",
    },
    booking: {
      heading: "Booking",
      text: "Festivals, venues and private events: send dates, place and a little about the night.",
      email: "booking@example.com",
    },
    general: {
      heading: "General",
      text: "Press, fan mail and everything else.",
      email: "hello@example.com",
    },
  },
});
