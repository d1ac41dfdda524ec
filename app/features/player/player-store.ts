import { OPUS_TYPE, type Song } from "#app/domain/song.ts";
import { volumeFactor } from "#app/domain/track-gain.ts";
import { SITE_AUDIO_ATTRIBUTE } from "#app/lib/document/early-taps.ts";
import { PRELOAD_BEFORE_END_S, RecordStream } from "./record-stream.ts";
import { PLAYER_TEXT } from "./ui-text.ts";

/** SPEC section 9: ±5 s jumps, progress every 20 ms, volume 0 to 1. */
export const JUMP_MS = 5000;
const PROGRESS_INTERVAL_MS = 20;
const VOLUME_KEY = "player:volume";
/** "0" when the fan turned loudness levelling off. */
export const EVEN_LOUDNESS_KEY = "player:even-loudness";
const PLAYBACK_ERROR = PLAYER_TEXT.playbackError;
/** Repeating a track of a record's stream: stalled this near its end, it has ended. */
const STALLED_AT_END_S = 0.25;

export type PlayerState = {
  queue: Song[];
  /** Index of the current song in the queue; -1 before anything is chosen. */
  index: number;
  playing: boolean;
  loop: boolean;
  /** The fan's volume, as the slider shows it; the element plays it times the song's gain (evenLoudness). */
  volume: number;
  muted: boolean;
  /** Songs are brought toward one loudness (track-gain.ts): the fan's switch, on unless turned off. */
  evenLoudness: boolean;
  /** Seconds; 0 until the audio's metadata is known. */
  duration: number;
  /** Playing, but waiting for the song's bytes (a slow connection): the Play button says so. */
  buffering: boolean;
  error: string | null;
};

export const initialPlayerState: PlayerState = {
  queue: [],
  index: -1,
  playing: false,
  loop: false,
  volume: 1,
  muted: false,
  evenLoudness: true,
  duration: 0,
  buffering: false,
  error: null,
};

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Page Up/Down on the seek slider: a tenth of the song, and never less than
 * two arrow steps, so it is a real leap on a three-minute song (22 s) and on
 * a short clip alike.
 */
export const pageStepSeconds = (duration: number) => Math.max((2 * JUMP_MS) / 1000, duration / 10);

/**
 * Where a key pressed on the seek slider goes from `position` in a song of
 * `duration` seconds, or null for keys the slider leaves alone. Arrows move
 * SPEC's jump step (the browser's own step would be a tenth of a second).
 */
export function seekKeyTarget(key: string, position: number, duration: number): number | null {
  const jump = JUMP_MS / 1000;
  const page = pageStepSeconds(duration);
  let target: number;
  switch (key) {
    case "ArrowRight":
    case "ArrowUp":
      target = position + jump;
      break;
    case "ArrowLeft":
    case "ArrowDown":
      target = position - jump;
      break;
    case "PageUp":
      target = position + page;
      break;
    case "PageDown":
      target = position - page;
      break;
    case "Home":
      target = 0;
      break;
    case "End":
      target = duration;
      break;
    default:
      return null;
  }
  return clamp(target, 0, Math.max(0, duration));
}

/**
 * The site's audio and what it is playing. Lives outside React so playback and
 * position survive every navigation; components subscribe.
 *
 * A release played in order is one stream (RecordStream): its tracks run
 * into each other with no gap at all. Otherwise two elements take turns
 * (decision 026): while one plays, the other loads the next song in its last
 * seconds and starts the moment the first ends. The one playing carries
 * SITE_AUDIO_ATTRIBUTE.
 */
export class PlayerStore {
  /** The element playing (or paused on) the current song. */
  #audio: HTMLAudioElement | null = null;
  /** The other element: idle, or loading the song after the current one. */
  #spare: HTMLAudioElement | null = null;
  /** The record playing as one stream on the current element, if one is. */
  #record: RecordStream | null = null;
  /** Where the current song begins on the element's timeline (after the tracks before it in a record's stream). */
  #origin = 0;
  /** A queue whose stream failed: it plays file by file from then on. */
  #recordRefused: readonly Song[] | null = null;
  #state: PlayerState = initialPlayerState;
  #time = 0;
  #listeners = new Set<() => void>();
  #timeListeners = new Set<() => void>();
  #timer: ReturnType<typeof setInterval> | undefined;
  /** Players on the page that may adopt a song the page started before it hydrated (`claim`). */
  #claimants = new Set<Song[]>();
  /** The level this store last gave the element, to tell its own volume changes from another's (a media key). */
  #level = 1;
  /** The current song was loaded again at a renewed address after an error: a second error is the fan's to see. */
  #retried = false;

  getState = (): PlayerState => this.#state;
  /** Current position in seconds. */
  getTime = (): number => this.#time;

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  subscribeTime = (listener: () => void) => {
    this.#timeListeners.add(listener);
    return () => this.#timeListeners.delete(listener);
  };

  get currentSong(): Song | null {
    return this.#state.queue[this.#state.index] ?? null;
  }

  #set(patch: Partial<PlayerState>) {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }

  #setTime(seconds: number) {
    if (seconds === this.#time) return;
    this.#time = seconds;
    for (const listener of this.#timeListeners) listener();
  }

  /**
   * Connects the <audio> element (the one an early tap may have started) and
   * its spare; returns a function that disconnects them.
   */
  attach(audio: HTMLAudioElement, spare?: HTMLAudioElement): () => void {
    this.#audio = audio;
    this.#spare = spare ?? null;
    const saved = Number(safeStorage()?.getItem(VOLUME_KEY) ?? 1);
    audio.loop = this.#state.loop;
    this.#set({
      volume: Number.isFinite(saved) ? clamp(saved, 0, 1) : 1,
      muted: audio.muted,
      evenLoudness: safeStorage()?.getItem(EVEN_LOUDNESS_KEY) !== "0",
    });
    this.#applyLevel();

    const followPosition = () => {
      clearInterval(this.#timer);
      this.#timer = setInterval(() => {
        const audio = this.#audio;
        if (!audio) return;
        this.#followRecord(audio);
        this.#setTime(this.#songTime(audio));
      }, PROGRESS_INTERVAL_MS);
    };
    const onPlay = (audio: HTMLAudioElement) => {
      // HAVE_FUTURE_DATA: below it, the song waits for its bytes before it is heard.
      this.#set({ playing: true, buffering: audio.readyState < 3, error: null });
      followPosition();
    };
    const onPlaying = () => {
      this.#retried = false;
      this.#set({ buffering: false });
    };
    const onWaiting = (audio: HTMLAudioElement) => {
      // Repeating a track of a record: nothing follows it in the stream, so its end is a wait. Back to its start.
      if (this.#record && this.#state.loop && audio.currentTime >= this.#origin + this.#state.duration - STALLED_AT_END_S) {
        audio.currentTime = this.#origin;
        return;
      }
      this.#set({ buffering: !audio.paused });
    };
    const onPause = (audio: HTMLAudioElement) => {
      clearInterval(this.#timer);
      this.#setTime(this.#songTime(audio));
      this.#set({ playing: false, buffering: false });
    };
    const onDuration = (audio: HTMLAudioElement) => {
      // A record's stream is as long as the tracks in it so far; each song's own length is known.
      if (this.#record) return;
      this.#set({ duration: Number.isFinite(audio.duration) ? audio.duration : 0 });
    };
    const onTime = (audio: HTMLAudioElement) => {
      this.#followRecord(audio);
      this.#setTime(this.#songTime(audio));
      this.#preloadNext(audio);
    };
    const onVolume = (audio: HTMLAudioElement) => {
      this.#set({ muted: audio.muted });
      if (Math.abs(audio.volume - this.#level) < 0.001) return;
      // Changed by something else than this store: that is the fan's new volume, before the song's gain.
      const factor = this.#factor();
      this.#level = audio.volume;
      this.#set({ volume: clamp(factor > 0 ? audio.volume / factor : audio.volume, 0, 1) });
      safeStorage()?.setItem(VOLUME_KEY, String(this.#state.volume));
    };
    const onEnded = (audio: HTMLAudioElement) => {
      // The last track of a record's stream, repeated.
      this.#followRecord(audio);
      if (this.#record && this.#state.loop) {
        audio.currentTime = this.#origin;
        return this.play();
      }
      const { index, queue } = this.#state;
      if (index < queue.length - 1) this.#select(index + 1, true);
      else this.#setTime(0);
    };
    const onError = (audio: HTMLAudioElement) => {
      if (this.#record) return this.#leaveRecord(this.#record);
      const src = audio.getAttribute("src");
      if (!src) return;
      // An address that lapsed (a private link's) while a newer one came: on from where the fan is, at that one.
      const song = this.currentSong;
      if (song && !this.#retried && src !== streamUrl(song, (type) => audio.canPlayType(type))) {
        this.#retried = true;
        return this.#select(this.#state.index, this.#state.playing || !audio.paused, this.#time);
      }
      this.#set({ playing: false, buffering: false, error: PLAYBACK_ERROR });
    };
    const events: [string, (audio: HTMLAudioElement) => void][] = [
      ["play", onPlay],
      ["playing", onPlaying],
      ["waiting", onWaiting],
      ["pause", onPause],
      ["durationchange", onDuration],
      ["loadedmetadata", onDuration],
      ["timeupdate", onTime],
      ["seeked", onTime],
      ["volumechange", onVolume],
      ["ended", onEnded],
      ["error", onError],
    ];
    // Both elements report; only the current one's events are the player's (a spare that cannot load is simply not used).
    const listeners = events.map(([name, handler]): [string, (event: Event) => void] => [
      name,
      (event) => {
        const current = this.#audio;
        if (current && event.currentTarget === current) handler(current);
      },
    ]);
    const elements = spare ? [audio, spare] : [audio];
    for (const element of elements) for (const [name, listener] of listeners) element.addEventListener(name, listener);
    // A fan's tap may have started a song before the app hydrated (app/lib/document/early-taps.ts).
    if (!audio.paused) {
      this.#set({ playing: true, buffering: audio.readyState < 3 });
      followPosition();
    }
    this.#adoptEarlySong();
    return () => {
      clearInterval(this.#timer);
      for (const element of elements) for (const [name, listener] of listeners) element.removeEventListener(name, listener);
      this.#dropRecord();
      this.#audio = null;
      this.#spare = null;
    };
  }

  /**
   * A player offers its songs: when the page started one of them before it
   * hydrated (app/lib/document/early-taps.ts), that becomes the queue, playing on where
   * it is. Returns a function that withdraws the offer.
   */
  claim(queue: Song[]): () => void {
    this.#claimants.add(queue);
    this.#adoptEarlySong();
    return () => {
      this.#claimants.delete(queue);
    };
  }

  #adoptEarlySong() {
    const audio = this.#audio;
    const src = audio?.getAttribute("src");
    if (!audio || !src || this.#state.index >= 0) return;
    for (const queue of this.#claimants) {
      const index = queue.findIndex((song) => song.audioUrl === src || song.opusUrl === src);
      const song = queue[index];
      if (!song) continue;
      const duration = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : (song.durationMs ?? 0) / 1000;
      this.#set({ queue, index, duration, playing: !audio.paused, buffering: !audio.paused && audio.readyState < 3, error: null });
      this.#setTime(audio.currentTime);
      this.#applyLevel();
      return;
    }
  }

  #select(index: number, autoplay: boolean, startAt = 0) {
    const song = this.#state.queue[index];
    if (!song || !this.#audio) return;
    if (this.#recordFits(index)) {
      if (!this.#record || this.#record.queue !== this.#state.queue || index !== this.#state.index) this.#startRecord(index, startAt);
      else if (startAt > 0) this.seek(startAt);
      if (autoplay) this.play();
      return;
    }
    this.#dropRecord();
    if (autoplay && startAt === 0 && index !== this.#state.index && this.#spareHolds(song)) return this.#takeTurns(index);
    const audio = this.#audio;
    const src = streamUrl(song, (type) => audio.canPlayType(type));
    if (index !== this.#state.index || audio.getAttribute("src") !== src) {
      this.#idleSpare();
      audio.src = src;
      // Before the metadata arrives this is the element's default playback
      // start position: the browser seeks there once it knows the song.
      if (startAt > 0) audio.currentTime = startAt;
      this.#setTime(startAt > 0 ? startAt : 0);
      this.#set({ index, duration: (song.durationMs ?? 0) / 1000, error: null });
      this.#applyLevel();
    }
    if (autoplay) this.play();
  }

  /** The queue from `index` on plays as one stream here (its tracks run into each other). */
  #recordFits(index: number): boolean {
    const { queue } = this.#state;
    const audio = this.#audio;
    return !!audio && queue !== this.#recordRefused && RecordStream.canPlay(queue, index);
  }

  /** The record of the queue, as one stream, from its track at `index` (at `startAt` seconds into it). */
  #startRecord(index: number, startAt: number) {
    const audio = this.#audio;
    const song = this.#state.queue[index];
    if (!audio || !song) return;
    this.#dropRecord();
    this.#idleSpare();
    const record = new RecordStream(this.#state.queue, index, () => this.#leaveRecord(record));
    this.#record = record;
    this.#origin = 0;
    // Repeating a track is the store's to do: the element's own loop would repeat the whole stream.
    audio.loop = false;
    audio.src = record.url;
    audio.dataset.stream = song.audioUrl;
    if (startAt > 0) audio.currentTime = startAt;
    this.#setTime(startAt > 0 ? startAt : 0);
    this.#set({ index, duration: (song.durationMs ?? 0) / 1000, error: null });
    this.#applyLevel();
  }

  /** As a record's stream plays: the song it has reached is the current one, and the next is loaded in time. */
  #followRecord(audio: HTMLAudioElement) {
    const record = this.#record;
    if (!record) return;
    const index = record.indexAt(audio.currentTime);
    const song = index === null ? undefined : this.#state.queue[index];
    if (index !== null && song && index !== this.#state.index) {
      this.#origin = record.startOf(index) ?? this.#origin;
      audio.dataset.stream = song.audioUrl;
      this.#set({ index, duration: (song.durationMs ?? 0) / 1000, error: null });
      this.#applyLevel();
    }
    record.follow(audio.currentTime, this.#state.loop);
  }

  /** A record's stream that cannot go on (a download refused, a browser that would not take it): its songs play as files, from where the fan is. */
  #leaveRecord(record: RecordStream) {
    if (this.#record !== record) return;
    const { index, playing } = this.#state;
    const at = this.#time;
    this.#recordRefused = this.#state.queue;
    this.#dropRecord();
    this.#select(index, playing, at);
  }

  #dropRecord() {
    const record = this.#record;
    if (!record) return;
    record.dispose();
    this.#record = null;
    this.#origin = 0;
    const audio = this.#audio;
    if (audio) {
      delete audio.dataset.stream;
      audio.loop = this.#state.loop;
    }
  }

  /** The current song's position, in seconds from its start. */
  #songTime(audio: HTMLAudioElement): number {
    return Math.max(0, audio.currentTime - this.#origin);
  }

  /** The spare element is loaded with `song`, ready to take over. */
  #spareHolds(song: Song): boolean {
    const spare = this.#spare;
    return spare !== null && spare.error === null && spare.getAttribute("src") === streamUrl(song, (type) => spare.canPlayType(type));
  }

  /**
   * In the current song's last seconds, the spare loads the next one, at the
   * level it will play at, so it can start the instant this one ends.
   */
  #preloadNext(audio: HTMLAudioElement) {
    const spare = this.#spare;
    const { queue, index, loop } = this.#state;
    const next = queue[index + 1];
    if (!spare || !next || loop || audio.paused || !Number.isFinite(audio.duration) || this.#record || this.#recordFits(index + 1)) return;
    if (audio.duration - audio.currentTime > PRELOAD_BEFORE_END_S || this.#spareHolds(next)) return;
    spare.preload = "auto";
    spare.src = streamUrl(next, (type) => spare.canPlayType(type));
    spare.muted = audio.muted;
    spare.volume = clamp(this.#state.volume * this.#factorOf(index + 1), 0, 1);
  }

  /** The spare, holding the song at `index`, plays now and becomes the current element; the other rests. */
  #takeTurns(index: number) {
    const previous = this.#audio;
    const next = this.#spare;
    const song = this.#state.queue[index];
    if (!previous || !next || !song) return;
    previous.pause();
    this.#audio = next;
    this.#spare = previous;
    next.muted = previous.muted;
    next.loop = this.#state.loop;
    // First, before any bookkeeping: every millisecond here is silence between the two songs.
    this.play();
    previous.loop = false;
    previous.removeAttribute(SITE_AUDIO_ATTRIBUTE);
    next.setAttribute(SITE_AUDIO_ATTRIBUTE, "");
    this.#setTime(0);
    this.#set({
      index,
      duration: Number.isFinite(next.duration) && next.duration > 0 ? next.duration : (song.durationMs ?? 0) / 1000,
      error: null,
    });
    this.#applyLevel();
    this.#idleSpare();
  }

  /** Lets the spare go of what it loaded (its bytes and decoder), unless it is what plays. */
  #idleSpare() {
    const spare = this.#spare;
    if (!spare?.getAttribute("src")) return;
    spare.pause();
    spare.preload = "none";
    spare.removeAttribute("src");
    spare.load();
  }

  /**
   * The queue's songs at new addresses (a private link's page signs its media
   * addresses for minutes and asks for new ones well before they lapse): what
   * is loaded from now on comes from these; what plays goes on undisturbed.
   */
  renewQueue(songs: Song[]) {
    const { queue } = this.#state;
    if (songs === queue || !sameQueue(songs, queue)) return;
    if (songs.every((song, i) => song.audioUrl === queue[i]?.audioUrl && song.opusUrl === queue[i]?.opusUrl)) return;
    this.#record?.renew(songs);
    if (this.#recordRefused === queue) this.#recordRefused = songs;
    this.#retried = false;
    this.#set({ queue: songs });
  }

  /**
   * Plays `queue` from `index` (the player a fan pressed play on), from
   * `startAt` seconds when the fan moved the song's position before playing.
   */
  playQueue(queue: Song[], index: number, startAt = 0) {
    if (!sameQueue(queue, this.#state.queue)) this.#set({ queue, index: -1 });
    this.#select(clamp(index, 0, queue.length - 1), true, startAt);
  }

  play() {
    const audio = this.#audio;
    if (!audio) return;
    if (this.#state.index < 0) return this.#select(0, true);
    // A record's stream that played to its end: its last song plays again, as a file would.
    if (this.#record && audio.ended) {
      this.#dropRecord();
      return this.#select(this.#state.index, true);
    }
    audio.play().catch((error: unknown) => {
      // Autoplay policies refuse play() without a gesture; that is not a broken song.
      if (error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "AbortError")) return;
      this.#set({ playing: false, error: PLAYBACK_ERROR });
    });
  }

  pause() {
    this.#audio?.pause();
  }

  toggle() {
    if (this.#state.playing) this.pause();
    else this.play();
  }

  seek(seconds: number) {
    const audio = this.#audio;
    if (!audio || this.#state.index < 0) return;
    const max = this.#state.duration || audio.duration || 0;
    const target = clamp(seconds, 0, Number.isFinite(max) && max > 0 ? max : seconds);
    // The browser lets go of a record's played bytes when its buffer is full (a long track): back
    // before what it holds, the track is fetched again from there.
    if (this.#record && audio.buffered.length > 0 && this.#origin + target < audio.buffered.start(0)) {
      const playing = !audio.paused;
      this.#startRecord(this.#state.index, target);
      if (playing) this.play();
      return;
    }
    audio.currentTime = this.#origin + target;
    this.#setTime(this.#songTime(audio));
  }

  /** Jumps by ±JUMP_MS. */
  jump(direction: 1 | -1) {
    this.seek(this.#time + (direction * JUMP_MS) / 1000);
  }

  /** Next/previous song, wrapping around; only with more than one song. */
  step(direction: 1 | -1) {
    const { queue, index } = this.#state;
    if (queue.length < 2) return;
    this.#select((index + direction + queue.length) % queue.length, true);
  }

  setVolume(volume: number) {
    const audio = this.#audio;
    if (!audio) return;
    const fans = clamp(volume, 0, 1);
    if (fans > 0 && audio.muted) audio.muted = false;
    // The slider follows at once; volumechange arrives a moment later.
    this.#set({ volume: fans, muted: audio.muted });
    safeStorage()?.setItem(VOLUME_KEY, String(fans));
    this.#applyLevel();
  }

  /** The fan's switch for loudness levelling, kept for their next visit. */
  toggleEvenLoudness() {
    const evenLoudness = !this.#state.evenLoudness;
    safeStorage()?.setItem(EVEN_LOUDNESS_KEY, evenLoudness ? "1" : "0");
    this.#set({ evenLoudness });
    this.#applyLevel();
  }

  /** The current song's gain as a factor: its release's when the queue is that release alone, played in order. */
  #factor(): number {
    return this.#factorOf(this.#state.index);
  }

  #factorOf(index: number): number {
    const { queue, evenLoudness } = this.#state;
    const song = queue[index];
    const wholeRelease = queue.length > 1 && queue.every((other) => other.releaseId === song?.releaseId);
    return volumeFactor(song?.gain, wholeRelease, evenLoudness);
  }

  /** Plays the fan's volume times the song's gain; the gain is on the element for anyone to read. */
  #applyLevel() {
    const audio = this.#audio;
    if (!audio) return;
    const factor = this.#factor();
    this.#level = clamp(this.#state.volume * factor, 0, 1);
    audio.volume = this.#level;
    audio.dataset.gainDb = factor === 1 ? "0" : (20 * Math.log10(factor)).toFixed(1);
  }

  toggleMute() {
    const audio = this.#audio;
    if (!audio) return;
    audio.muted = !audio.muted;
    this.#set({ muted: audio.muted });
  }

  toggleLoop() {
    const loop = !this.#state.loop;
    if (this.#audio && !this.#record) this.#audio.loop = loop;
    // Looping, the current song is also the next one.
    if (loop) this.#idleSpare();
    this.#set({ loop });
  }
}

export function sameQueue(a: readonly Song[], b: readonly Song[]): boolean {
  return a.length === b.length && a.every((song, i) => song.id === b[i]?.id);
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The rendition a browser plays best (decision 026): Opus, a third fewer bytes
 * for the same sound, where `canPlay` says it can; else the one every browser plays.
 */
export function streamUrl(song: Pick<Song, "audioUrl" | "opusUrl">, canPlay: (type: string) => string): string {
  return song.opusUrl && canPlay(OPUS_TYPE) !== "" ? song.opusUrl : song.audioUrl;
}
