import type { Song } from "#app/domain/song.ts";
import { mp3Timing } from "./mp3-timing.ts";

/**
 * How long before a track ends the next one starts loading: long enough for a
 * slow connection to have its first seconds, late enough that a fan who stops
 * early has not paid for it.
 */
export const PRELOAD_BEFORE_END_S = 20;
/** How long to wait before offering bytes again when the browser's buffer is full (it frees what was played). */
const FULL_BUFFER_RETRY_MS = 1000;
const MP3_TYPE = "audio/mpeg";
/** Enough of an MP3's start to hold its first frame, where the encoder wrote its timing. */
const HEADER_BYTES = 4096;

type Segment = { index: number; start: number; end: number; loaded: boolean };

/**
 * The tracks of one record played as one stream, so each runs into the next
 * with no gap at all (decision 026). Their MP3 renditions go one after the
 * other into a single MediaSource, each placed where the one before it ends,
 * with the encoder's priming and padding cut by append windows (the timing is
 * in each file's first frame: mp3-timing.ts), so the browser decodes them as
 * one. MP3 rather than Opus here: Chromium keeps its Opus decoder's state from
 * one file into the next, and the join bursts (docs/performance.md). Used where
 * the queue is one release and the browser's MediaSource takes MP3; elsewhere
 * the player's two elements take turns.
 */
export class RecordStream {
  readonly url: string;
  #queue: readonly Song[];
  #source: MediaSource;
  #buffer: SourceBuffer | null = null;
  #segments: Segment[] = [];
  #abort = new AbortController();
  #work: Promise<void> = Promise.resolve();
  #failed = false;
  #fail: (error: unknown) => void;

  /** Whether `queue` from `index` on can play as one stream in this browser. */
  static canPlay(queue: readonly Song[], index: number): boolean {
    const first = queue[index];
    if (!first || queue.length < 2 || typeof MediaSource === "undefined" || !MediaSource.isTypeSupported(MP3_TYPE)) return false;
    return queue.every((song) => song.releaseId === first.releaseId && isMp3Rendition(song.audioUrl) && (song.durationMs ?? 0) > 0);
  }

  /** Starts with the track at `first`; `onFail` hears once if the stream cannot go on (the player then plays files). */
  constructor(queue: readonly Song[], first: number, onFail: (error: unknown) => void) {
    this.#queue = queue;
    this.#source = new MediaSource();
    this.url = URL.createObjectURL(this.#source);
    this.#fail = (error: unknown) => {
      if (this.#failed || this.#abort.signal.aborted) return;
      this.#failed = true;
      onFail(error);
    };
    this.#source.addEventListener(
      "sourceopen",
      () => {
        try {
          this.#buffer = this.#source.addSourceBuffer(MP3_TYPE);
          this.#load(first);
        } catch (error) {
          this.#fail(error);
        }
      },
      { once: true },
    );
  }

  get queue(): readonly Song[] {
    return this.#queue;
  }

  /**
   * The same tracks at new addresses (a private link's, signed again before
   * the old ones lapse): what is still to load comes from these.
   */
  renew(queue: readonly Song[]): void {
    if (queue.length === this.#queue.length && queue.every((song, i) => song.id === this.#queue[i]?.id)) this.#queue = queue;
  }

  /** The queue index of the track playing at `time` on the element. */
  indexAt(time: number): number | null {
    let found: number | null = null;
    for (const segment of this.#segments) if (segment.start <= time + 0.0005) found = segment.index;
    return found;
  }

  /** Where the track at `index` begins on the element's timeline, once it is in the stream. */
  startOf(index: number): number | null {
    return this.#segments.find((segment) => segment.index === index)?.start ?? null;
  }

  /**
   * As the element plays at `time`: in the current track's last seconds, the
   * next goes into the stream. Repeating one track (`loop`), nothing follows
   * it, and what was already loaded of the next is taken out again.
   */
  follow(time: number, loop: boolean): void {
    if (this.#failed) return;
    const index = this.indexAt(time);
    const current = this.#segments.find((segment) => segment.index === index);
    if (!current) return;
    const last = this.#segments.at(-1);
    if (loop) {
      if (last && last !== current) this.#cutAfter(current);
      return;
    }
    if (last !== current || !current.loaded || current.end - time > PRELOAD_BEFORE_END_S) return;
    if (this.#queue[current.index + 1]) this.#load(current.index + 1);
  }

  /** Lets go of the stream: its downloads stop and its address is freed. */
  dispose(): void {
    this.#abort.abort();
    URL.revokeObjectURL(this.url);
  }

  #load(index: number) {
    const song = this.#queue[index];
    const previous = this.#segments.at(-1);
    if (!song || (previous && previous.index >= index)) return;
    const start = previous?.end ?? 0;
    // Its exact length comes with its first frame; until then, the length the site knows.
    const segment: Segment = { index, start, end: start + (song.durationMs ?? 0) / 1000, loaded: false };
    this.#segments.push(segment);
    this.#work = this.#work.then(() => this.#append(song.audioUrl, segment)).catch(this.#fail);
  }

  async #append(url: string, segment: Segment) {
    const buffer = this.#buffer;
    if (!buffer || this.#abort.signal.aborted) return;
    const response = await fetch(url, { signal: this.#abort.signal, credentials: "same-origin" });
    if (!response.ok || !response.body) throw new Error(`${url}: ${response.status}`);
    const reader = response.body.getReader();
    let head: Uint8Array = new Uint8Array(0);
    let placed = false;
    for (;;) {
      const { done, value } = await reader.read();
      // Cut while it came (the fan chose to repeat the track before it): the rest is not wanted.
      if (!this.#segments.includes(segment)) return void (await reader.cancel());
      if (!placed) {
        if (value) head = concat(head, value);
        if (!done && head.length < HEADER_BYTES) continue;
        await this.#place(buffer, segment, head);
        placed = true;
        if (head.length > 0) await this.#push(buffer, head);
      } else if (value) await this.#push(buffer, value);
      if (done) break;
    }
    segment.loaded = true;
    if (segment.index === this.#queue.length - 1 && this.#segments.at(-1) === segment && this.#source.readyState === "open") {
      await settled(buffer);
      this.#source.endOfStream();
    }
  }

  /**
   * Puts the file whose first bytes are `head` where `segment` begins: its
   * priming before that point and its padding after its end fall outside the
   * append window, so only its music is heard, sample against sample with the
   * track before.
   */
  async #place(buffer: SourceBuffer, segment: Segment, head: Uint8Array) {
    const timing = mp3Timing(head);
    if (timing) segment.end = segment.start + timing.samples / timing.sampleRate;
    await settled(buffer);
    buffer.abort();
    buffer.timestampOffset = segment.start - (timing ? timing.delay / timing.sampleRate : 0);
    buffer.appendWindowEnd = segment.end;
    buffer.appendWindowStart = segment.start;
  }

  /** Appends `chunk`, waiting while the browser's buffer for the stream is full. */
  async #push(buffer: SourceBuffer, chunk: Uint8Array) {
    for (;;) {
      if (this.#abort.signal.aborted) throw new DOMException("Stopped", "AbortError");
      await settled(buffer);
      try {
        buffer.appendBuffer(chunk as Uint8Array<ArrayBuffer>);
        await settled(buffer);
        return;
      } catch (error) {
        if (!(error instanceof DOMException && error.name === "QuotaExceededError")) throw error;
        await new Promise((resolve) => setTimeout(resolve, FULL_BUFFER_RETRY_MS));
      }
    }
  }

  /** Takes every track after `current` out of the stream (the fan chose to repeat `current`). */
  #cutAfter(current: Segment) {
    const cut = this.#segments.splice(this.#segments.indexOf(current) + 1);
    if (cut.length === 0) return;
    const buffer = this.#buffer;
    this.#work = this.#work
      .then(async () => {
        if (!buffer) return;
        await settled(buffer);
        buffer.remove(current.end, Infinity);
        await settled(buffer);
      })
      .catch(this.#fail);
  }
}

/** The site's MP3 rendition of a track (decision 026), whose first frame carries its timing. */
const isMp3Rendition = (url: string) => (url.split("?")[0] ?? "").endsWith(".stream.mp3");

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** Resolves once `buffer` is not in the middle of an append or a removal. */
function settled(buffer: SourceBuffer): Promise<void> {
  if (!buffer.updating) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      buffer.removeEventListener("updateend", done);
      buffer.removeEventListener("error", failed);
      resolve();
    };
    const failed = () => {
      buffer.removeEventListener("updateend", done);
      buffer.removeEventListener("error", failed);
      reject(new Error("The browser could not take the audio"));
    };
    buffer.addEventListener("updateend", done);
    buffer.addEventListener("error", failed);
  });
}
