// The embeddable player's only scripts (/embed, docs/decisions/016-embeds-and-feeds.md).
// A page that other sites frame should cost them next to nothing, so it is not
// hydrated: no React, no router, no site bundle. These two functions are
// written into the page as inline scripts (allowed by the page's nonce, or by
// hash when the page cache keeps it), from their own source text, so they may
// use nothing outside their own bodies: no imports, no module constants.

import type { Theme } from "#app/components/theme/theme.ts";
import { BEACON_PATH } from "#app/domain/counted.ts";
import { EVEN_LOUDNESS_KEY, JUMP_MS } from "./player-store.ts";
import { PLAYER_TEXT } from "./ui-text.ts";

type EmbedConfig = { jumpSeconds: number; playbackError: string; evenLoudnessKey: string; beaconPath: string };

/**
 * Light or dark before the first paint: as the page's address says
 * (`?theme=`), else as the visitor's system does, following it when it
 * changes. The site's saved choice is not read: inside another site's frame
 * the browser keeps a separate storage anyway.
 */
function embedTheme(forced: Theme | null): void {
  const scheme = window.matchMedia("(prefers-color-scheme: dark)");
  const apply = () => document.documentElement.classList.toggle("dark", forced ? forced === "dark" : scheme.matches);
  apply();
  if (!forced) scheme.addEventListener("change", apply);
}

/**
 * Play/pause, the seek slider and the times, over the page's one <audio>.
 * The markup is the embed player's (embed-player.tsx), found by its
 * data-embed-* attributes; the words come from the button's data-*-label.
 */
function embedControls(config: EmbedConfig): void {
  const root = document.querySelector<HTMLElement>("[data-embed-player]");
  const audio = root?.querySelector("audio");
  const toggle = root?.querySelector<HTMLButtonElement>("[data-embed-toggle]");
  const seek = root?.querySelector<HTMLInputElement>("[data-embed-seek]");
  const elapsed = root?.querySelector<HTMLElement>("[data-embed-elapsed]");
  const total = root?.querySelector<HTMLElement>("[data-embed-total]");
  const error = root?.querySelector<HTMLElement>("[data-embed-error]");
  if (!root || !audio || !toggle || !seek || !elapsed || !total || !error) return;
  const playIcon = toggle.querySelector<HTMLElement>("[data-icon=play]");
  const pauseIcon = toggle.querySelector<HTMLElement>("[data-icon=pause]");
  // A release's player: its tracks, in running order, each a button that plays it.
  const tracks = Array.from(root.querySelectorAll<HTMLButtonElement>("[data-embed-track]"));
  const titleLink = root.querySelector<HTMLAnchorElement>("[data-embed-title]");
  let current = 0;
  // Opus where this browser plays it (decision 026), else the rendition every browser plays.
  const opus = audio.canPlayType('audio/webm; codecs="opus"') !== "";
  const pick = (element: HTMLElement) => (opus && element.dataset.opus) || element.dataset.src || "";
  if (opus && audio.dataset.opus) audio.src = audio.dataset.opus;
  // Each track brought toward one loudness, as on the site, unless the fan turned that off there
  // (the same storage when the frame is on the site's own pages; framed elsewhere, on).
  let even = true;
  try {
    even = localStorage.getItem(config.evenLoudnessKey) !== "0";
  } catch {
    // Storage refused (a third-party frame in a strict browser): levelled.
  }
  const level = (element: HTMLElement) => {
    const factor = Number(element.dataset.level);
    audio.volume = even && Number.isFinite(factor) && factor > 0 && factor < 1 ? factor : 1;
  };
  level(audio);

  let duration = Number(root.dataset.duration) || 0;
  let frame = 0;
  const format = (seconds: number) => {
    const whole = Math.max(0, Math.floor(seconds));
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  };
  // A focused slider's value text is spoken whenever it changes, so while the
  // song plays it holds the position last asked for (focus, a key, a drag)
  // rather than talking over the music every second.
  const speak = (seconds: number) => seek.setAttribute("aria-valuetext", `${format(seconds)} of ${format(duration)}`);
  const show = () => {
    const position = Math.min(audio.currentTime, duration || audio.currentTime);
    seek.max = String(duration);
    seek.value = String(position);
    seek.disabled = duration <= 0;
    seek.style.setProperty("--progress", duration > 0 ? `${(position / duration) * 100}%` : "0%");
    elapsed.textContent = format(position);
    total.textContent = format(duration);
    if (audio.paused) speak(position);
  };
  const tick = () => {
    show();
    frame = audio.paused ? 0 : requestAnimationFrame(tick);
  };
  const fail = () => {
    error.hidden = false;
    error.textContent = config.playbackError;
  };
  const play = () => {
    error.hidden = true;
    audio.play().catch((reason: unknown) => {
      // Refused without a gesture, or interrupted by a pause: not a broken song.
      if (reason instanceof DOMException && (reason.name === "NotAllowedError" || reason.name === "AbortError")) return;
      fail();
    });
  };
  const seekTo = (seconds: number) => {
    audio.currentTime = Math.min(Math.max(seconds, 0), duration || 0);
    speak(audio.currentTime);
    show();
  };

  const choose = (index: number, start: boolean) => {
    const track = tracks[index];
    if (!track) return;
    current = index;
    audio.src = pick(track);
    level(track);
    duration = Number(track.dataset.duration) || 0;
    if (titleLink) {
      titleLink.textContent = track.dataset.title ?? "";
      titleLink.href = track.dataset.share ?? titleLink.href;
      titleLink.parentElement?.setAttribute("title", track.dataset.title ?? "");
    }
    toggle.dataset.playLabel = track.dataset.playLabel;
    toggle.dataset.pauseLabel = track.dataset.pauseLabel;
    toggle.setAttribute("aria-label", track.dataset.playLabel ?? "");
    tracks.forEach((other, at) => (at === index ? other.setAttribute("aria-current", "true") : other.removeAttribute("aria-current")));
    if ("mediaSession" in navigator && navigator.mediaSession.metadata) navigator.mediaSession.metadata.title = track.dataset.title ?? "";
    show();
    if (start) play();
  };
  tracks.forEach((track, index) =>
    track.addEventListener("click", () =>
      index === current && !audio.paused ? audio.pause() : index === current ? play() : choose(index, true),
    ),
  );

  toggle.addEventListener("click", () => (audio.paused ? play() : audio.pause()));
  seek.addEventListener("input", () => seekTo(Number(seek.value)));
  seek.addEventListener("focus", () => speak(audio.currentTime));
  seek.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const page = Math.max(2 * config.jumpSeconds, duration / 10);
    const moves: Record<string, number> = {
      ArrowRight: config.jumpSeconds,
      ArrowUp: config.jumpSeconds,
      ArrowLeft: -config.jumpSeconds,
      ArrowDown: -config.jumpSeconds,
      PageUp: page,
      PageDown: -page,
      Home: -Infinity,
      End: Infinity,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    seekTo(audio.currentTime + move);
  });
  const playing = (on: boolean) => {
    root.dataset.playing = String(on);
    toggle.setAttribute("aria-label", (on ? toggle.dataset.pauseLabel : toggle.dataset.playLabel) ?? "");
    if (playIcon) playIcon.style.display = on ? "none" : "";
    if (pauseIcon) pauseIcon.style.display = on ? "" : "none";
    if ("mediaSession" in navigator) navigator.mediaSession.playbackState = on ? "playing" : "paused";
  };
  // The artist's Numbers (decision 029), as the site's player counts them: a
  // play started (not each resume), heard for 30 s (a seek is not hearing),
  // heard to its end; never from a browser a program drives.
  let counted = -1;
  let heard = 0;
  let heardAt = 0;
  let passed30 = false;
  const count = (stage: string) => {
    const songId = (tracks[current] ?? root).dataset.songId;
    if (!songId || navigator.webdriver) return;
    const body = JSON.stringify({ e: "play", s: songId, t: stage });
    if (!navigator.sendBeacon?.(config.beaconPath, body))
      fetch(config.beaconPath, { method: "POST", body, keepalive: true }).catch(() => {});
  };
  let seenAt = performance.now();
  audio.addEventListener("timeupdate", () => {
    const step = audio.currentTime - heardAt;
    const passed = ((performance.now() - seenAt) / 1000) * audio.playbackRate;
    heardAt = audio.currentTime;
    seenAt = performance.now();
    if (audio.paused || step <= 0 || step > passed + 1) return;
    heard += step;
    if (!passed30 && heard >= 30) {
      passed30 = true;
      count("30s");
    }
  });
  audio.addEventListener("seeked", () => {
    heardAt = audio.currentTime;
    seenAt = performance.now();
  });
  audio.addEventListener("play", () => {
    if (counted !== current || audio.currentTime < 1) {
      counted = current;
      heard = 0;
      heardAt = audio.currentTime;
      seenAt = performance.now();
      passed30 = false;
      count("start");
    }
    playing(true);
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(tick);
  });
  audio.addEventListener("pause", () => {
    playing(false);
    show();
  });
  audio.addEventListener("ended", () => {
    count("end");
    // A release plays on to its next track, and after its last stands ready at its first; one song goes back to its start.
    if (current < tracks.length - 1) return choose(current + 1, true);
    if (current > 0) return choose(0, false);
    audio.currentTime = 0;
    show();
  });
  audio.addEventListener("durationchange", () => {
    if (Number.isFinite(audio.duration) && audio.duration > 0) duration = audio.duration;
    show();
  });
  audio.addEventListener("seeked", show);
  audio.addEventListener("error", () => {
    if (audio.getAttribute("src")) fail();
    playing(false);
  });

  if ("mediaSession" in navigator) {
    const { title = "", artist = "", artwork = "" } = root.dataset;
    navigator.mediaSession.metadata = new MediaMetadata({
      title,
      artist,
      artwork: artwork ? [{ src: artwork, sizes: "384x384", type: "image/webp" }] : [],
    });
    navigator.mediaSession.setActionHandler("play", play);
    navigator.mediaSession.setActionHandler("pause", () => audio.pause());
  }
  show();
}

/** The theme script, for a page whose address asks for `forced` (or for none). */
export const embedThemeScript = (forced: Theme | null) => `(${embedTheme.toString()})(${JSON.stringify(forced)});`;

/** The controls' script; it runs at the end of the body, once the player's markup is there. */
export const embedControlsScript = `(${embedControls.toString()})(${JSON.stringify({
  jumpSeconds: JUMP_MS / 1000,
  playbackError: PLAYER_TEXT.playbackError,
  evenLoudnessKey: EVEN_LOUDNESS_KEY,
  beaconPath: BEACON_PATH,
} satisfies EmbedConfig)});`;
