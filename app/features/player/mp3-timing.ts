/**
 * An MP3's exact timing, from the Xing/Info frame an encoder writes first (its
 * LAME extension holds the priming and padding it added, in samples): what a
 * gapless join needs to cut away (record-stream.ts). Null when the file's
 * first frame carries none.
 */
export type Mp3Timing = {
  sampleRate: number;
  /** Samples of priming before the music starts. */
  delay: number;
  /** Samples of music, priming and padding left out. */
  samples: number;
};

const SAMPLE_RATES: Record<number, readonly number[]> = {
  3: [44_100, 48_000, 32_000], // MPEG-1
  2: [22_050, 24_000, 16_000], // MPEG-2
  0: [11_025, 12_000, 8_000], // MPEG-2.5
};

export function mp3Timing(bytes: Uint8Array): Mp3Timing | null {
  const at = firstFrame(bytes);
  if (at < 0 || at + 4 > bytes.length) return null;
  const header = ((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
  const version = (header >>> 19) & 3;
  const layer = (header >>> 17) & 3;
  const sampleRate = SAMPLE_RATES[version]?.[(header >>> 10) & 3];
  // Layer III only (layer bits 01); the reserved version and rate say this is not a frame.
  if (layer !== 1 || !sampleRate) return null;
  const mpeg1 = version === 3;
  const mono = ((header >>> 6) & 3) === 3;
  const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  let p = at + 4 + sideInfo;
  const tag = String.fromCharCode(...bytes.subarray(p, p + 4));
  if (tag !== "Xing" && tag !== "Info") return null;
  const flags = readUint32(bytes, p + 4);
  p += 8;
  let frames: number | null = null;
  if (flags & 1) {
    frames = readUint32(bytes, p);
    p += 4;
  }
  if (flags & 2) p += 4; // bytes
  if (flags & 4) p += 100; // seek table
  if (flags & 8) p += 4; // quality
  // The LAME extension: a 9-byte encoder name, then 12 bytes, then delay and padding, 12 bits each.
  const timing = p + 21;
  if (frames === null || timing + 3 > bytes.length) return null;
  const delay = ((bytes[timing] ?? 0) << 4) | ((bytes[timing + 1] ?? 0) >> 4);
  const padding = (((bytes[timing + 1] ?? 0) & 0x0f) << 8) | (bytes[timing + 2] ?? 0);
  const samples = frames * (mpeg1 ? 1152 : 576) - delay - padding;
  return samples > 0 ? { sampleRate, delay, samples } : null;
}

/** Where the first frame starts: after an ID3v2 tag, at the first frame sync. */
function firstFrame(bytes: Uint8Array): number {
  let start = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    // ID3v2: a 10-byte header, then its size as four 7-bit bytes.
    const size =
      (((bytes[6] ?? 0) & 0x7f) << 21) | (((bytes[7] ?? 0) & 0x7f) << 14) | (((bytes[8] ?? 0) & 0x7f) << 7) | ((bytes[9] ?? 0) & 0x7f);
    start = 10 + size;
  }
  for (let i = start; i + 1 < bytes.length; i++) if (bytes[i] === 0xff && ((bytes[i + 1] ?? 0) & 0xe0) === 0xe0) return i;
  return -1;
}

function readUint32(bytes: Uint8Array, at: number): number {
  return (((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)) >>> 0;
}
