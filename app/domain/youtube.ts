const ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);

/**
 * The video id from anything an artist may paste: the id itself, or a watch,
 * youtu.be, shorts, live or embed address. Null when it is none of these.
 */
export function parseYouTubeId(input: string): string | null {
  const value = input.trim();
  if (ID.test(value)) return value;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let candidate: string | null | undefined;
  if (host === "youtu.be" || host === "www.youtu.be") candidate = segments[0];
  else if (HOSTS.has(host)) {
    if (segments[0] === "watch") candidate = url.searchParams.get("v");
    else if (["shorts", "embed", "live", "v"].includes(segments[0] ?? "")) candidate = segments[1];
  }
  return candidate && ID.test(candidate) ? candidate : null;
}

/**
 * The time a pasted YouTube address starts at (`t=73`, `t=73s`, `t=1m13s`,
 * `t=1h2m3s`, `start=73`, also after a `#`), in seconds; null when it names none.
 * Only for an address parseYouTubeId reads.
 */
export function parseYouTubeStart(input: string): number | null {
  if (parseYouTubeId(input) === null) return null;
  let url: URL;
  try {
    const value = input.trim();
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  const fromHash = new URLSearchParams(url.hash.slice(1));
  const raw = url.searchParams.get("t") ?? url.searchParams.get("start") ?? fromHash.get("t") ?? fromHash.get("start");
  if (raw === null) return null;
  const parts = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(raw.trim());
  if (!parts || raw.trim() === "") return null;
  const [, h = "0", m = "0", s = "0"] = parts;
  return parseVideoStart(Number(h) * 3600 + Number(m) * 60 + Number(s));
}

/** The start of a video from "1:23", "1:02:03", "83", "83s" or a number; null when it is not one. */
export function parseVideoStart(input: string | number): number | null {
  if (typeof input === "number") return Number.isInteger(input) && input >= 0 && input < 360_000 ? input : null;
  const value = input.trim();
  if (value === "") return 0;
  const seconds = /^(\d{1,6})s?$/.exec(value);
  if (seconds) return parseVideoStart(Number(seconds[1]));
  const clock = /^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)$/.exec(value);
  if (!clock) return null;
  const [, hours = "0", minutes = "0", secs = "0"] = clock;
  if (hours !== "0" && Number(minutes) > 59) return null;
  return parseVideoStart(Number(hours) * 3600 + Number(minutes) * 60 + Number(secs));
}

/** Seconds as the artist would write them: 83 → "1:23". */
export function formatVideoStart(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
