// Generated demo media: real WAV and MP3 audio and PNG covers made on this
// machine, so the demo and the tests need no downloads.
import { Mp3Encoder } from "@breezystack/lamejs";
import sharp from "sharp";

export type SynthOptions = {
  seconds: number;
  /** MIDI note numbers of the chords, one chord a bar. */
  chords: number[][];
  bpm: number;
  sampleRate?: number;
  /** Written as the WAV's INFO title tag (INAM), as recording software does. */
  title?: string;
};

const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** The song's 16-bit mono samples: arpeggiated chords with a soft pluck envelope. */
function synthSamples({ seconds, chords, bpm, sampleRate = 22_050 }: SynthOptions): Int16Array {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  const stepSeconds = 60 / bpm / 2; // eighth notes
  const stepsPerBar = 8;
  for (let i = 0; i < samples.length; i++) {
    const t = i / sampleRate;
    const step = Math.floor(t / stepSeconds);
    const chord = chords[Math.floor(step / stepsPerBar) % chords.length] ?? [60, 64, 67];
    const note = (chord[step % chord.length] ?? 60) + (step % stepsPerBar >= chord.length ? 12 : 0);
    const local = t - step * stepSeconds;
    const envelope = Math.min(1, local * 200) * Math.exp(-local * 5);
    const hz = midiToHz(note);
    const bass = 0.18 * Math.sin(2 * Math.PI * midiToHz((chord[0] ?? 48) - 12) * t);
    const lead = Math.sin(2 * Math.PI * hz * t) + 0.3 * Math.sin(4 * Math.PI * hz * t);
    const fade = Math.min(1, t * 4, (seconds - t) * 4);
    const value = Math.max(-1, Math.min(1, (0.35 * envelope * lead + bass) * fade));
    samples[i] = Math.round(value * 32_000);
  }
  return samples;
}

/** A 16-bit mono PCM WAV: arpeggiated chords with a soft pluck envelope. */
export function synthWav(options: SynthOptions): Buffer {
  const { sampleRate = 22_050, title } = options;
  const samples = synthSamples(options);
  const data = Buffer.alloc(samples.length * 2);
  for (const [i, sample] of samples.entries()) data.writeInt16LE(sample, i * 2);
  return pcmWav(data, { sampleRate, channels: 1 }, title ? infoChunk(title) : undefined);
}

/**
 * A 16-bit PCM WAV around interleaved little-endian samples (`data`),
 * with `trailer` chunks (an INFO list) after them.
 */
export function pcmWav(
  data: Buffer,
  { sampleRate, channels }: { sampleRate: number; channels: number },
  trailer: Buffer = Buffer.alloc(0),
): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length + trailer.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data, trailer]);
}

/**
 * The same song as an MP3 (constant 96 kbit/s), the file most artists upload:
 * a third of the WAV's bytes, and a browser starts playing it after a few
 * kilobytes, where a WAV needs seconds of it first (docs/performance.md).
 */
export function synthMp3(options: SynthOptions): Buffer {
  const samples = synthSamples(options);
  const encoder = new Mp3Encoder(1, options.sampleRate ?? 22_050, 96);
  const frames: Buffer[] = [];
  // An MP3 frame's samples at a time, as the encoder expects.
  for (let i = 0; i < samples.length; i += 1152) frames.push(Buffer.from(encoder.encodeBuffer(samples.subarray(i, i + 1152))));
  frames.push(Buffer.from(encoder.flush()));
  return Buffer.concat(frames);
}

function infoChunk(title: string): Buffer {
  const text = Buffer.from(`${title}\0`, "utf8");
  const padded = Buffer.concat([text, Buffer.alloc(text.length % 2)]);
  const inam = Buffer.alloc(8);
  inam.write("INAM", 0, "ascii");
  inam.writeUInt32LE(text.length, 4);
  const list = Buffer.alloc(12);
  list.write("LIST", 0, "ascii");
  list.writeUInt32LE(4 + 8 + padded.length, 4);
  list.write("INFO", 8, "ascii");
  return Buffer.concat([list, inam, padded]);
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** A square PNG cover: a two-colour gradient, rings and the title. */
export async function coverPng(title: string, colors: [string, string], size = 1000): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
  <rect width="1000" height="1000" fill="url(#g)"/>
  <circle cx="700" cy="330" r="220" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="6"/>
  <circle cx="700" cy="330" r="140" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="6"/>
  <circle cx="700" cy="330" r="40" fill="#fff" fill-opacity="0.8"/>
  <text x="80" y="820" font-family="Georgia, 'DejaVu Serif', serif" font-size="92" font-weight="700" fill="#fff">${escapeXml(title)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
