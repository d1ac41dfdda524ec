// The words this feature shows a person: SPEC's strings, exactly, and ours in its tone.

import { INVALID_LINK } from "./song-rules.ts";

export const ADD_SONG_TEXT = {
  uploadingAudio: "Uploading audio file...",
  uploadingCover: "Uploading cover art...",
  saving: "Saving song information...",
  done: "Song uploaded successfully! 🎉",
  failed: "Failed to add song",
  /** Cancel stopped the upload in time. */
  cancelled: "Upload cancelled. No song was added.",
  /** Cancel came after the song was saved: say so rather than pretend. */
  alreadySaved: "Too late to cancel: the song was already saved.",
} as const;

export const UPLOAD_TEXT = {
  noFile: "No file provided",
  invalidAudio: "Please select a valid audio file (MP3, WAV, etc.)",
  audioTooLarge: "Audio file is too large. Maximum size is 50MB.",
  /** Beside the refusal: how to fit (a FLAC keeps every bit in about half a WAV's bytes). */
  audioTooLargeHint: "Export it as FLAC (lossless, about half the size of a WAV) or as MP3 to fit.",
  invalidImage: "Please select a valid image file (JPG, PNG, etc.)",
  imageTooLarge: "Image file is too large. Maximum size is 5MB.",
  imageTooManyPixels: "This image is too large to process. Please save it at a smaller size (3000 × 3000 pixels is plenty) and try again.",
  missingAudio: "Please upload an audio file",
  missingCover: "Please upload cover art",
  missingTitle: "Please enter a song title",
} as const;

/** The service layer's messages (SPEC section 5). */
export const SONG_TEXT = {
  titleRequired: "Song title is required",
  titleTooLong: "Song title must be at most 200 characters",
  audioRequired: "Audio file is required",
  coverRequired: "Cover art is required",
  idRequired: "Song ID is required",
  notFound: "Song not found",
  invalidLink: INVALID_LINK,
  loadFailed: "Failed to load songs",
  /** The release chosen for a new song was deleted meanwhile. */
  releaseGone: "The release you chose was deleted meanwhile. Choose another, or make the song a single.",
  /** An edit made against a version of the song that is no longer the current one. */
  conflict: "This song was changed somewhere else (another tab or device) after you opened it, so your changes were not saved.",
  /** An edit of a song deleted meanwhile. */
  deleted: "This song has been deleted (perhaps in another tab), so your changes could not be saved.",
  versionRequired: "Please reload the page and try again: the song's version is missing.",
} as const;

/** The wizard's choice to make the new song the latest release. */
export const LATEST_TEXT = {
  label: "Make this the latest release",
  hint: "It takes the place of the current latest release on the home and music pages.",
} as const;

export const EDIT_TEXT = {
  heading: "Edit Song",
  save: "Save Changes",
  uploadingCover: "Uploading cover art...",
  saving: "Saving changes...",
  saved: (title: string) => `Saved changes to "${title}"`,
  failed: "Failed to save changes",
  currentCover: "Current cover",
  newCover: "New cover",
  keepCover: "Keep the current cover",
  uploadingAudio: "Uploading audio file...",
  audioHeading: "Audio",
  currentAudio: (length: string) => `The current file${length ? `, ${length} long` : ""}. A new one keeps the song's share link.`,
  newAudio: (name: string) => `New file: ${name}`,
  keepAudio: "Keep the current audio",
  audioLabel: "Drop a new audio file here, or click to choose one",
  audioTouchLabel: "Tap to choose a new audio file",
  releaseHeading: "Coming out",
  releaseShared: "The day is its release's: the other tracks of it not out yet move with it.",
  coverLabel: "Drop a new cover here, or click to choose one",
  coverTouchLabel: "Tap to choose a new cover",
  /** After a conflict: take the other version (dropping these edits), or save these over it. */
  showLatest: "Show the latest version",
  saveAnyway: "Save mine anyway",
  close: "Close",
} as const;

/** A level in decibels as a person writes it: one decimal, a true minus sign. */
const level = (value: number) => value.toFixed(1).replace("-", "\u2212");

export const LIBRARY_TEXT = {
  edit: "Edit",
  /** Said before the figures to screen readers; the card shows the figures alone. */
  loudnessLabel: "Loudness",
  loudnessHint: "Integrated loudness (EBU R128) and true peak, measured when the track was added",
  loudnessFigure: (lufs: number) => `${level(lufs)} LUFS`,
  truePeakFigure: (truePeak: number) => `peak ${level(truePeak)} dBTP`,
  loudnessMeasuring: "Measuring loudness\u2026",
  loudnessSilent: "Silent: no loudness to measure",
  loudnessFailed: (reason: string) => `Loudness not measured: ${reason}`,
  /** A track's streaming renditions being made (issue #34): fans hear those, never the upload. */
  preparing: "Preparing for streaming\u2026",
  preparingThenOut: "Preparing for streaming\u2026 It comes out as soon as it is ready.",
  /** The bar under "Preparing for streaming…" while the renditions are being made. */
  preparingProgress: "Prepared for streaming so far",
  preparingFailed: "This file could not be read as audio, so it cannot be streamed.",
  /** The disclosure holding ffmpeg's own words, for the artist to pass on. */
  failureDetails: "Details",
  /** Beside the failure of a track waiting to come out: what brings it out. */
  preparingFailedHint: "Replace its audio (Edit) with a WAV, FLAC or MP3 file to bring it out.",
  /** A song's release in its editor: the running order, lyrics and credits. */
  lyricsAndOrder: "Lyrics & credits",
  play: "Play",
  pause: "Pause",
  copyLink: "Copy Link",
  linkCopied: "Link copied",
  /** The clipboard was refused: the link is shown, selected, for copying by hand. */
  copyRefused: "Couldn't copy the link automatically. It is selected below: copy it with Ctrl+C (⌘C on a Mac) or a long press.",
  shareLink: "Share link",
  copyEmbed: "Copy Embed Code",
  embedCopied: "Embed code copied. Paste it into your website or blog to show this song's player there.",
  embedCopyRefused: "Couldn't copy the embed code automatically. It is selected below: copy it with Ctrl+C (⌘C on a Mac) or a long press.",
  embedCode: "Embed code",
  marking: "Marking...",
  /** Said once Mark as Latest has worked: the site's players and the home page now lead with it. */
  markedLatest: (title: string) => `"${title}" is now the latest release. The home page and players lead with it.`,
} as const;

/** Scheduling a song to come out later, and its page until then. */
export const RELEASE_TEXT = {
  timeRequired: "Choose the date and time it comes out.",
  zoneRequired: "Choose a time zone from the list.",
  inThePast: "That time has already passed. Choose a time in the future, or release it now.",
  tooFar: "Choose a time within the next five years.",
  whenLabel: "When does it come out?",
  now: "Now",
  later: "At a set time",
  atLabel: "Comes out on",
  zoneLabel: "Time zone",
  latestLabel: "Make it the latest release when it comes out",
  announceLabel: "Mail my subscribers when it comes out",
  announceOff: "Mail is not set up, so no mail can go out when it comes out.",
  announceHint: "Fans who asked to be told on its page are mailed either way.",
  scheduled: (when: string) => `Comes out ${when}`,
  releaseNow: "Release now",
  releaseFailed: "Failed to release the song",
  confirmRelease: (title: string) =>
    `Release "${title}" now? Fans see it at once, with every track of its release not out yet, and any mail about it goes out.`,
  releasedNow: (title: string) => `"${title}" is out now`,
  /** Release now, where a track's streaming renditions are still being made. */
  releasedWhenPrepared: (title: string) => `"${title}" comes out as soon as it is prepared for streaming`,
  alreadyOut: "This song is already out.",
  /** Release now, where a coming track's audio could not be read: it would wait for ever. */
  unreadableAudio: (title: string) =>
    `"${title}" cannot come out yet: its file could not be read as audio. Replace its audio (Edit), then release it.`,
  joinsComing: (title: string, when: string) =>
    `It comes out with "${title}" on ${when}, together with its other tracks. Move that day on the release's page under Releases.`,
  notYetLatest: "This song is not out yet. It becomes the latest release when it comes out if you chose so when you added it.",
} as const;

/** A release's day in the release editor: when its tracks not out yet come out, together. */
export const RELEASE_DAY_TEXT = {
  heading: "Release day",
  intro: "Every track of this release that is not out yet comes out at this time, together, with one announcement.",
  coming: (when: string, count: number) => `Comes out ${when}: ${count === 1 ? "1 track" : `${count} tracks`}.`,
  moved: (when: string) => `The release now comes out ${when}.`,
  save: "Move the day",
  saving: "Moving…",
  releaseNowSummary: "Release it now",
  releaseNowQuestion: (title: string) => `Release "${title}" now? Fans see it at once, and any mail about it goes out.`,
  releaseNowYes: "Yes, release it now",
  releasing: "Releasing…",
  nothingComing: "This release has nothing coming: its tracks are out.",
  releaseGone: "This release was deleted.",
  changedElsewhere: (when: string) =>
    `Nothing was saved: the day was changed elsewhere (another tab or admin) and is now ${when}. Move it again if you still want to.`,
  badRequest: "Something went wrong. Please reload the page and try again.",
  seeField: "Nothing was saved: see the message beside the field.",
} as const;

/** A release's cover in its editor: every track wears it. */
export const RELEASE_COVER_TEXT = {
  heading: "Cover",
  intro: "Every track of the release wears it, on its page, in the players and in shares.",
  alt: (title: string) => `Cover art for ${title}`,
  replace: "Replace cover",
  uploading: (percent: number) => `Uploading ${percent}%`,
  saving: "Saving…",
  replaced: (tracks: number) => (tracks === 1 ? "Cover replaced." : `Cover replaced on all ${tracks} tracks.`),
  noTracks: "This release has no track yet: its first tracks bring its cover.",
  changedMeanwhile: "The release changed while the cover was uploading. Please try again.",
  failed: (status: number) => `Replacing the cover failed (${status || "no connection"}). Please try again.`,
} as const;

/** Adding several tracks to a release at once (the release editor). */
export const ADD_TRACKS_TEXT = {
  heading: "Add tracks",
  intro:
    "Choose one or many audio files: each becomes the next track, titled from its tags or its file name, and wears the release's cover.",
  chooseAudio: "Choose audio files",
  chooseCover: "Choose cover art",
  coverChosen: (name: string) => `Cover: ${name}`,
  coverRequired: "This release has no track yet: choose cover art for it.",
  titleRequired: UPLOAD_TEXT.missingTitle,
  titleOf: (fileName: string) => `Title for ${fileName}`,
  progressOf: (title: string) => `Uploading ${title}`,
  remove: "Remove",
  add: (count: number) => (count <= 1 ? "Add track" : `Add ${count} tracks`),
  adding: "Adding…",
  state: {
    waiting: () => "Ready",
    uploading: (percent: number) => `Uploading ${percent}%`,
    saving: () => "Saving…",
    added: () => "Added ✓",
    failed: () => "Not added",
  },
  summary: (added: number, tried: number) =>
    added === tried
      ? `${added} ${added === 1 ? "track" : "tracks"} added.`
      : `${added} of ${tried} added; the others say why below and can be tried again.`,
  failed: (status: number) => (status ? `Not added: the server answered ${status}.` : "Not added: the connection was lost. Try again."),
} as const;
