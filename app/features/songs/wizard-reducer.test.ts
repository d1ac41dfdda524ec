// The add-song wizard as the artist meets it, one event at a time: which step
// shows, what stops them going on, which messages appear and go, and what an
// upload that fails leaves them with.
import { describe, expect, it } from "vitest";
import { messageOf } from "#app/components/ui/use-field-errors.ts";
import type { ReleaseChoice } from "./release-timing-fields.tsx";
import { INVALID_LINK } from "./song-rules.ts";
import { ADD_SONG_TEXT, UPLOAD_TEXT } from "./ui-text.ts";
import { initialWizard, wizardReducer, type WizardEvent, type WizardState } from "./wizard-reducer.ts";

const release: ReleaseChoice = { mode: "now", at: "", timeZone: "Europe/Berlin", announce: false, isLatest: false };
const audio = new File([new Uint8Array(10)], "take.wav", { type: "audio/wav" });
const cover = new File([new Uint8Array(10)], "cover.png", { type: "image/png" });

const run = (events: WizardEvent[], from: WizardState = initialWizard(release)) => events.reduce(wizardReducer, from);
const shown = (state: WizardState) => Object.fromEntries(Object.entries(state.errors).map(([field, error]) => [field, error.message]));

const chooseAudio: WizardEvent = { type: "file-checked", kind: "audio", file: audio, problem: null, preview: null };
const chooseCover: WizardEvent = { type: "file-checked", kind: "cover", file: cover, problem: null, preview: "blob:cover" };
/** At step 3 with both files and a title: ready to send. */
const ready = () =>
  run([chooseAudio, { type: "next" }, chooseCover, { type: "next" }, { type: "typed", field: "title", value: "Night Drive" }]);

describe("moving between steps", () => {
  it("opens at the first step, and the keyboard is left where it is", () => {
    const state = initialWizard(release);
    expect(state.step).toBe(1);
    expect(state.stepMoved).toBe(false);
  });

  it("goes on from a step only with its file, and back at any time", () => {
    const atCover = run([chooseAudio, { type: "next" }]);
    expect(atCover.step).toBe(2);
    expect(atCover.stepMoved).toBe(true);
    expect(run([chooseCover, { type: "next" }], atCover).step).toBe(3);
    expect(run([{ type: "back" }], atCover).step).toBe(1);
    // Back at the first step there is nowhere further back.
    expect(run([{ type: "back" }]).step).toBe(1);
  });

  it("says what is missing when Next is pressed without the file, and stays", () => {
    const noAudio = run([{ type: "next" }]);
    expect(noAudio.step).toBe(1);
    expect(shown(noAudio)).toEqual({ audio: UPLOAD_TEXT.missingAudio });
    const noCover = run([chooseAudio, { type: "next" }, { type: "next" }]);
    expect(noCover.step).toBe(2);
    expect(shown(noCover)).toEqual({ cover: UPLOAD_TEXT.missingCover });
  });

  it("does not go on with a file that was refused, and shows why where it was chosen", () => {
    const refused = run([
      { type: "file-checked", kind: "audio", file: audio, problem: UPLOAD_TEXT.invalidAudio, preview: null },
      { type: "next" },
    ]);
    expect(refused.audio).toBeNull();
    expect(refused.step).toBe(1);
    expect(messageOf(refused.errors, "audio")).toBe(UPLOAD_TEXT.missingAudio);
  });

  it("drops the refusal once a good file is chosen", () => {
    const state = run([
      { type: "file-checked", kind: "cover", file: cover, problem: UPLOAD_TEXT.imageTooLarge, preview: null },
      chooseCover,
    ]);
    expect(state.errors).toEqual({});
    expect(state.cover).toBe(cover);
    expect(state.coverPreview).toBe("blob:cover");
  });
});

describe("the title and links", () => {
  it("takes the audio file's title tag until the artist types one", () => {
    expect(run([{ type: "title-tagged", title: "From Tags" }]).title).toBe("From Tags");
    const typed = run([
      { type: "typed", field: "title", value: "Mine" },
      { type: "title-tagged", title: "From Tags" },
    ]);
    expect(typed.title).toBe("Mine");
  });

  it("points out an empty title on leaving it, and takes the message away as soon as it is fixed", () => {
    const left = run([{ type: "left", field: "title", value: "  " }]);
    expect(shown(left)).toEqual({ title: UPLOAD_TEXT.missingTitle });
    // Still empty while typing: the message stays.
    expect(shown(run([{ type: "typed", field: "title", value: " " }], left))).toEqual({ title: UPLOAD_TEXT.missingTitle });
    expect(run([{ type: "typed", field: "title", value: "N" }], left).errors).toEqual({});
  });

  it("a tagged title clears the missing-title message", () => {
    const state = run([
      { type: "left", field: "title", value: "" },
      { type: "title-tagged", title: "From Tags" },
    ]);
    expect(state.errors).toEqual({});
  });

  it("refuses a link that is not an http(s) address, on its own field only", () => {
    const state = run([
      { type: "typed", field: "spotify", value: "spotify:track:1" },
      { type: "left", field: "spotify", value: "spotify:track:1" },
    ]);
    expect(state.links.spotify).toBe("spotify:track:1");
    expect(shown(state)).toEqual({ spotify: INVALID_LINK });
    expect(run([{ type: "typed", field: "spotify", value: "https://open.spotify.com/track/1" }], state).errors).toEqual({});
  });
});

describe("sending", () => {
  it("stops at step 3 with every problem shown at once, and sends nothing", () => {
    const state = run([
      chooseAudio,
      { type: "next" },
      chooseCover,
      { type: "next" },
      { type: "typed", field: "apple", value: "nope" },
      { type: "submitted", releaseProblem: "That time has already passed." },
    ]);
    expect(state.step).toBe(3);
    expect(shown(state)).toEqual({ title: UPLOAD_TEXT.missingTitle, apple: INVALID_LINK, release: "That time has already passed." });
    expect(state.upload.stage).toBeNull();
  });

  it("goes back to the step whose file is missing when a send gets past the steps", () => {
    const state = run([
      { type: "typed", field: "title", value: "T" },
      { type: "submitted", releaseProblem: null },
    ]);
    expect(state.step).toBe(1);
    expect(state.stepMoved).toBe(true);
    expect(shown(state)).toEqual({ audio: UPLOAD_TEXT.missingAudio, cover: UPLOAD_TEXT.missingCover });
  });

  it("follows a wrong release time only once it was pointed out", () => {
    const later: ReleaseChoice = { ...release, mode: "later", at: "2000-01-01T10:00" };
    const quiet = run([{ type: "release-changed", release: later, problem: "past" }], ready());
    expect(quiet.errors).toEqual({});
    const pointedOut = run([{ type: "submitted", releaseProblem: "past" }], quiet);
    expect(shown(pointedOut)).toEqual({ release: "past" });
    const fixed = run([{ type: "release-changed", release: { ...later, at: "2999-01-01T10:00" }, problem: null }], pointedOut);
    expect(fixed.errors).toEqual({});
  });

  it("shows each file's progress and each stage while the song goes up", () => {
    const state = run(
      [
        { type: "submitted", releaseProblem: null },
        { type: "stage", stage: "uploading-audio" },
        { type: "progress", kind: "audio", percent: 42 },
      ],
      ready(),
    );
    expect(state.errors).toEqual({});
    expect(state.upload).toEqual({ stage: "uploading-audio", progress: { audio: 42, cover: null } });
    const later = run(
      [
        { type: "progress", kind: "audio", percent: 100 },
        { type: "stage", stage: "uploading-cover" },
        { type: "progress", kind: "cover", percent: 7 },
      ],
      state,
    );
    expect(later.upload).toEqual({ stage: "uploading-cover", progress: { audio: 100, cover: 7 } });
  });

  it("keeps everything entered when the upload fails, says why, and lets the artist send again", () => {
    const before = run([{ type: "typed", field: "youtube", value: "https://youtu.be/x" }], ready());
    const failed = run(
      [
        { type: "submitted", releaseProblem: null },
        { type: "stage", stage: "uploading-cover" },
        { type: "progress", kind: "cover", percent: 50 },
        { type: "failed", error: "The connection was lost" },
      ],
      before,
    );
    expect(failed.failure).toBe("Upload failed: The connection was lost");
    expect(failed.upload).toEqual({ stage: null, progress: { audio: null, cover: null } });
    expect(failed.step).toBe(3);
    expect([failed.audio, failed.cover, failed.title, failed.links.youtube]).toEqual([audio, cover, "Night Drive", "https://youtu.be/x"]);
    expect(run([{ type: "failed", error: null }], before).failure).toBe(ADD_SONG_TEXT.failed);
    // Trying again clears the old failure.
    expect(run([{ type: "submitted", releaseProblem: null }], failed).failure).toBeNull();
  });

  it("says it is saved, then starts afresh for the next song", () => {
    const saved = run([{ type: "submitted", releaseProblem: null }, { type: "stage", stage: "saving" }, { type: "saved" }], ready());
    expect(saved.saved).toBe(true);
    const fresh = run([{ type: "reset", release }], saved);
    expect(fresh).toEqual(initialWizard(release));
  });
});
