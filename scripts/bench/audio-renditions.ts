// npm run bench:audio: the streaming renditions of issue #34 (decision 026), each
// figure against a reference measured in the same run on the same machine.
//
//   npm run bench:audio [-- --master-mb 2048] [-- --runs 3]
//
// - transcode speed: seconds of a CD-quality master made into both renditions
//   per second of CPU (and per second of wall time pinned to one core), against
//   ffmpeg decoding the same master to nothing: the work every transcode does anyway;
// - the bytes a fan downloads per minute of music: the WAV master against the
//   Opus and MP3 renditions made from it;
// - memory while a large upload is transcoded (a 192 kHz / 24-bit studio master,
//   2 GB by default): the peak RSS of the process that runs makeRenditions and of
//   its ffmpeg, against the same kind of master at 64 MB.
//
// Masters are synthesised, streamed to a temporary folder and removed at the end
// (chords, a melody, drums and hiss: a pure tone compresses unrealistically well).
// Every measurement runs in a child process of its own, so its memory is its own.
// Progress goes to stderr, the table to stdout. Results are in docs/performance.md.
import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { printTable, type Row } from "./table.ts";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { runFfmpeg } from "#app/lib/audio/ffmpeg.server.ts";
import { makeRenditions, probeAudio, type Renditions } from "#app/lib/audio/renditions.server.ts";
import { memoryOf } from "./process-watch.ts";
import { allowedCpus, onCpus } from "#scripts/lib/cpu-pinning.ts";

/** A row of `npm run bench`'s table. */

type PcmFormat = { rate: number; bits: 16 | 24 };
const CD: PcmFormat = { rate: 44_100, bits: 16 };
const STUDIO: PcmFormat = { rate: 192_000, bits: 24 };
/** A song's length: the speed and bytes figures are per second of it, so the length only sets their precision. */
const SONG_SECONDS = 180;
/** The large master repeats this much synthesised audio: the encoders cost the same on repeated music as on new. */
const LOOP_SECONDS = 8;
/** The same kind of master as the large one, small: what the large one's memory is compared with. */
const SMALL_STUDIO_MB = 64;
/** As the media job probes (app/domain/audio-renditions.server.ts). */
const PROBE_BYTES = 1024 * 1024;
/** Issue #34: bounded, whatever the upload's size. */
const MEMORY_LIMIT = 256 * 1024 * 1024;
/** What a bigger file may add to a peak and still count as "not growing with size": sampling and allocator noise. */
const MEMORY_SLACK = 32 * 1024 * 1024;
const WAV_HEADER_BYTES = 44;

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const bytesPerFrame = (format: PcmFormat) => 2 * (format.bits / 8);

// ---------------------------------------------------------------------------
// A music-like signal

const TAU = 2 * Math.PI;
const BEAT_SECONDS = 0.5;
const CHORD_SECONDS = 4 * BEAT_SECONDS;
/** C, G, Am, F: bass and three voices, with five harmonics each below. */
const CHORDS = [
  [65.41, 164.81, 196.0, 261.63],
  [49.0, 123.47, 146.83, 196.0],
  [55.0, 130.81, 164.81, 220.0],
  [43.65, 110.0, 130.81, 174.61],
];
const PAN = [0, -0.6, 0.6, -0.2];
/** A pentatonic melody an octave or two above, one note a beat. */
const LEAD = [523.25, 587.33, 659.25, 783.99, 880.0, 1046.5];

/** A deterministic white noise in -1..1 (mulberry32), so every run encodes the same master. */
function noiseSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 31 - 1;
  };
}

/**
 * Renders frames `start`… of the signal as PCM. The tonal parts depend on the
 * frame alone; the noise (hi-hat, snare, hiss, different in each channel) is
 * broadband, as a recording's is, and comes from `noise` in order.
 */
function renderPcm(format: PcmFormat, start: number, frames: number, noise: { left: () => number; right: () => number }): Buffer {
  const out = Buffer.alloc(frames * bytesPerFrame(format));
  const full = format.bits === 16 ? 32_767 : 8_388_607;
  let previousLeft = 0;
  let previousRight = 0;
  for (let i = 0; i < frames; i++) {
    const t = (start + i) / format.rate;
    const bar = Math.floor(t / CHORD_SECONDS);
    const chord = CHORDS[bar % CHORDS.length] ?? [];
    const chordEnvelope = 0.07 * (0.35 + 0.65 * Math.exp(-(t - bar * CHORD_SECONDS) * 1.2));
    let left = 0;
    let right = 0;
    for (let k = 0; k < chord.length; k++) {
      const f = chord[k] ?? 0;
      let voice = 0;
      for (let h = 1; h <= 5; h++) voice += Math.sin(TAU * f * h * t) / h;
      const pan = PAN[k] ?? 0;
      left += voice * (1 - Math.max(0, pan));
      right += voice * (1 + Math.min(0, pan));
    }
    left *= chordEnvelope;
    right *= chordEnvelope;

    const beat = Math.floor(t / BEAT_SECONDS);
    const sinceBeat = t - beat * BEAT_SECONDS;
    const leadNote = LEAD[(Math.imul(beat, 2654435761) >>> 0) % LEAD.length] ?? 440;
    const lead = 0.08 * Math.exp(-sinceBeat * 3) * (Math.sin(TAU * leadNote * t) + 0.4 * Math.sin(TAU * 2 * leadNote * t));
    // A kick whose pitch falls from 155 to 55 Hz: the phase is the integral of that sweep.
    const kick = 0.35 * Math.exp(-sinceBeat * 9) * Math.sin(TAU * (55 * sinceBeat + (100 / 30) * (1 - Math.exp(-30 * sinceBeat))));
    const whiteLeft = noise.left();
    const whiteRight = noise.right();
    const sinceHat = t - Math.floor(t / (BEAT_SECONDS / 2)) * (BEAT_SECONDS / 2);
    const hat = 0.12 * Math.exp(-sinceHat * 45);
    const snare = beat % 2 === 1 ? Math.exp(-sinceBeat * 14) : 0;
    const snareTone = 0.1 * snare * Math.sin(TAU * 190 * sinceBeat);
    // The difference of successive noise samples: noise with its lows removed, as cymbals sound.
    const mixLeft = left + lead * 0.8 + kick + snareTone + hat * (whiteLeft - previousLeft) + 0.18 * snare * whiteLeft + 0.004 * whiteLeft;
    const mixRight =
      right + lead * 1.2 + kick + snareTone + hat * (whiteRight - previousRight) + 0.18 * snare * whiteRight + 0.004 * whiteRight;
    previousLeft = whiteLeft;
    previousRight = whiteRight;
    const offset = i * bytesPerFrame(format);
    // Headroom, as a mastered track keeps: the drums on a chord's attack would otherwise clip.
    const sampleLeft = Math.round(Math.max(-1, Math.min(1, 0.85 * mixLeft)) * full);
    const sampleRight = Math.round(Math.max(-1, Math.min(1, 0.85 * mixRight)) * full);
    if (format.bits === 16) {
      out.writeInt16LE(sampleLeft, offset);
      out.writeInt16LE(sampleRight, offset + 2);
    } else {
      out.writeIntLE(sampleLeft, offset, 3);
      out.writeIntLE(sampleRight, offset + 3, 3);
    }
  }
  return out;
}

function wavHeader(format: PcmFormat, dataBytes: number): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  const blockAlign = bytesPerFrame(format);
  header.write("RIFF", 0);
  header.writeUInt32LE(dataBytes + WAV_HEADER_BYTES - 8, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(format.rate, 24);
  header.writeUInt32LE(format.rate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(format.bits, 34);
  header.write("data", 36);
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** A song-length CD-quality master, rendered a second at a time: never whole in memory. Its length in seconds. */
async function writeSongMaster(file: string): Promise<number> {
  const noise = { left: noiseSource(1), right: noiseSource(2) };
  async function* body() {
    yield wavHeader(CD, SONG_SECONDS * CD.rate * bytesPerFrame(CD));
    for (let second = 0; second < SONG_SECONDS; second++) yield renderPcm(CD, second * CD.rate, CD.rate, noise);
  }
  await pipeline(body, createWriteStream(file));
  return SONG_SECONDS;
}

/** A studio master of `totalBytes`: a few seconds rendered once and written over and over. Its length in seconds. */
async function writeStudioMaster(file: string, totalBytes: number, loop: Buffer): Promise<number> {
  const frameBytes = bytesPerFrame(STUDIO);
  const dataBytes = Math.floor((totalBytes - WAV_HEADER_BYTES) / frameBytes) * frameBytes;
  async function* body() {
    yield wavHeader(STUDIO, dataBytes);
    for (let left = dataBytes; left > 0; left -= loop.length) yield left >= loop.length ? loop : loop.subarray(0, left);
  }
  await pipeline(body, createWriteStream(file));
  return dataBytes / (STUDIO.rate * frameBytes);
}

// ---------------------------------------------------------------------------
// One measurement, in a child process

type Mode = "transcode" | "decode";

type ChildResult = {
  wallSeconds: number;
  /** CPU time of the process and of the ffmpeg it ran, user and system. */
  cpuSeconds: number;
  /** Resident memory after start-up and the probe, just before the work. */
  idleRss: number;
  /** The most the process had resident during the work, sampled every 20 ms. */
  peakRss: number;
  /** The most it ever had resident (VmHWM), start-up included. */
  everRss: number;
  /** The part of cpuSeconds that was ffmpeg's. */
  ffmpegCpuSeconds: number;
  opusBytes: number;
  fallbackBytes: number;
  fallbackFormat: string;
};

/** CPU seconds of this process, and of the children it has waited for (ffmpeg, once it has exited). */
function cpuSoFar(): { self: number; children: number } {
  const stat = readFileSync("/proc/self/stat", "utf8");
  // cutime and cstime, after the command name (which may hold spaces); in ticks of 1/100 s on every Linux that matters here.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const self = process.cpuUsage();
  return { self: (self.user + self.system) / 1e6, children: (Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) / 100 };
}

/** What the media job does with a stored master, timed; or, for the reference, ffmpeg decoding it to nothing. */
async function measureInThisProcess(mode: Mode, file: string): Promise<ChildResult> {
  const probe = await probeAudio(createReadStream(file, { end: PROBE_BYTES - 1 }));
  const idleRss = process.memoryUsage().rss;
  let peakRss = idleRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const cpuBefore = cpuSoFar();
  const started = performance.now();
  let made: Renditions | undefined;
  try {
    if (mode === "transcode") made = await makeRenditions(createReadStream(file), probe);
    else await runFfmpeg(["-map", "0:a:0", "-vn", "-f", "null", "-"], createReadStream(file));
    const wallSeconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuSoFar();
    clearInterval(sampler);
    const ffmpegCpuSeconds = cpuAfter.children - cpuBefore.children;
    return {
      wallSeconds,
      cpuSeconds: cpuAfter.self - cpuBefore.self + ffmpegCpuSeconds,
      ffmpegCpuSeconds,
      idleRss,
      peakRss: Math.max(peakRss, process.memoryUsage().rss),
      everRss: process.resourceUsage().maxRSS * 1024,
      opusBytes: made?.opusBytes ?? 0,
      fallbackBytes: made?.fallbackBytes ?? 0,
      fallbackFormat: made?.fallbackFormat ?? "",
    };
  } finally {
    clearInterval(sampler);
    await made?.dispose();
  }
}

type Measured = ChildResult & { ffmpegPeakRss: number };

/**
 * Runs one measurement in a child process pinned to one CPU (ffmpeg inherits
 * the pinning), while sampling the peak RSS of the ffmpeg processes it starts.
 * Their temporary files go under `workDir`, removed with it whatever happens.
 */
function measure(mode: Mode, file: string, workDir: string, cpu: string | null, log: (line: string) => void): Promise<Measured> {
  const command = [process.execPath, import.meta.filename, "--child", mode, "--file", file];
  const [program = "", ...rest] = onCpus(cpu, command);
  const child = spawn(program, rest, { env: { ...process.env, TMPDIR: workDir }, stdio: ["ignore", "pipe", "inherit"] });
  const ffmpegPeaks = new Map<number, number>();
  const sample = () => {
    try {
      const pids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
      for (const pid of pids) {
        if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "ffmpeg") continue;
        // VmHWM: the most it has had resident so far, so a peak between two samples is not missed.
        ffmpegPeaks.set(pid, Math.max(ffmpegPeaks.get(pid) ?? 0, memoryOf(pid, "VmHWM")));
      }
    } catch {
      // A process that ended between listing and reading: what was sampled stands.
    }
  };
  const timer = setInterval(sample, 50);
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => {
      clearInterval(timer);
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0) return reject(new Error(`the ${mode} of ${path.basename(file)} exited with ${code}`));
      const result = { ...(JSON.parse(line) as ChildResult), ffmpegPeakRss: Math.max(0, ...ffmpegPeaks.values()) };
      log(
        `  ${mode} of ${path.basename(file)}: ${fmt(result.wallSeconds, 2)} s wall, ${fmt(result.cpuSeconds, 2)} s CPU (ffmpeg ${fmt(result.ffmpegCpuSeconds, 2)}); ` +
          `RSS idle ${mb(result.idleRss)}, peak while working ${mb(result.peakRss)}, ever ${mb(result.everRss)}; ffmpeg peak ${mb(result.ffmpegPeakRss)}`,
      );
      resolve(result);
    });
  });
}

// ---------------------------------------------------------------------------
// The benchmark

/** The figures of issue #34, as rows of `npm run bench`'s table. */
export async function benchAudioRenditions(
  options: { masterMb?: number; runs?: number; log?: (line: string) => void } = {},
): Promise<Row[]> {
  const masterBytes = Math.round((options.masterMb ?? 2048) * 1024 * 1024);
  const runs = Math.max(1, options.runs ?? 3);
  const log = options.log ?? ((line: string) => console.error(line));
  // A WAV's sizes are 32-bit: 4 GB is the most one can say it holds.
  if (!Number.isFinite(masterBytes) || masterBytes > 2 ** 32 - 1 || masterBytes < SMALL_STUDIO_MB * 1024 * 1024) {
    throw new Error(`--master-mb must be between ${SMALL_STUDIO_MB} and 4095`);
  }
  // The large master, its renditions (a fraction of its size) and the small masters, with room to spare.
  const needed = masterBytes * 1.1 + 200 * 1024 * 1024;
  const disk = statfsSync(tmpdir());
  const free = disk.bavail * disk.bsize;
  if (free < needed)
    throw new Error(`needs about ${mb(needed)} free in ${tmpdir()}, which has ${mb(free)}: set TMPDIR, or a smaller --master-mb`);

  const workDir = mkdtempSync(path.join(tmpdir(), "bench-audio-"));
  const removeWork = () => rmSync(workDir, { recursive: true, force: true });
  // Gigabytes left in the temporary folder by an interrupted run would stay there.
  const interrupted = () => {
    removeWork();
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  try {
    // The first CPU this process may run on.
    const cpu = allowedCpus()?.[0] ?? null;
    const pinned = cpu === null ? "unpinned (no taskset)" : `pinned to CPU ${cpu}`;
    const rows: Row[] = [];

    log(`Audio renditions: a ${SONG_SECONDS / 60}-minute CD-quality master (44.1 kHz, 16-bit stereo)...`);
    const song = path.join(workDir, "song.wav");
    const songSeconds = await writeSongMaster(song);
    const songBytes = WAV_HEADER_BYTES + songSeconds * CD.rate * bytesPerFrame(CD);
    // The first read of the file and of ffmpeg's binary is the disk's, not the work's.
    await measure("decode", song, workDir, cpu, log);
    const decodes: Measured[] = [];
    const transcodes: Measured[] = [];
    for (let run = 1; run <= runs; run++) {
      log(`Audio renditions: decode to nothing, then both renditions, ${pinned} (${run}/${runs})...`);
      decodes.push(await measure("decode", song, workDir, cpu, log));
      transcodes.push(await measure("transcode", song, workDir, cpu, log));
    }
    const speed = (results: Measured[], pick: (result: Measured) => number) => median(results.map((result) => songSeconds / pick(result)));
    const oursCpu = speed(transcodes, (r) => r.cpuSeconds);
    const oursWall = speed(transcodes, (r) => r.wallSeconds);
    const decodeCpu = speed(decodes, (r) => r.cpuSeconds);
    const decodeWall = speed(decodes, (r) => r.wallSeconds);
    const ffmpegShare = median(transcodes.map((r) => r.ffmpegCpuSeconds / r.cpuSeconds));
    rows.push({
      measure: `transcode speed, both renditions of a CD master, one core (median of ${runs})`,
      ours: `${fmt(oursCpu)} s of audio per CPU second (wall ${fmt(oursWall)}; ffmpeg ${fmt(ffmpegShare * 100)}% of the CPU)`,
      reference: `decode only ${fmt(decodeCpu)} (wall ${fmt(decodeWall)})`,
      ratio: `${fmt(oursCpu / decodeCpu, 3)} (wall ${fmt(oursWall / decodeWall, 3)})`,
      target: "",
      met: null,
    });

    const made = transcodes[0];
    if (!made) throw new Error("no transcode ran");
    const perMinute = (bytes: number) => (bytes / songSeconds) * 60;
    const masterPerMinute = perMinute(songBytes);
    for (const [label, bytes] of [
      ["Opus 128 kbit/s", made.opusBytes],
      [`${made.fallbackFormat.toUpperCase()} 192 kbit/s (fallback)`, made.fallbackBytes],
    ] as const) {
      const fewer = masterPerMinute / perMinute(bytes);
      rows.push({
        measure: `bytes a fan downloads per minute of music: ${label}`,
        ours: mb(perMinute(bytes)),
        reference: `WAV master ${mb(masterPerMinute)}`,
        ratio: `${fmt(fewer, 1)}× fewer`,
        target: "≥ 5× fewer",
        met: fewer >= 5,
      });
    }

    log(
      `Audio renditions: a ${SMALL_STUDIO_MB} MB studio master (192 kHz, 24-bit stereo), for the large one's memory to be compared with...`,
    );
    const noise = { left: noiseSource(3), right: noiseSource(4) };
    const loop = renderPcm(STUDIO, 0, LOOP_SECONDS * STUDIO.rate, noise);
    const small = path.join(workDir, "studio-small.wav");
    await writeStudioMaster(small, SMALL_STUDIO_MB * 1024 * 1024, loop);
    const smallRun = await measure("transcode", small, workDir, cpu, log);
    rmSync(small);

    log(`Audio renditions: a ${mb(masterBytes)} studio master, written...`);
    const large = path.join(workDir, "studio-large.wav");
    const writeStarted = performance.now();
    const largeSeconds = await writeStudioMaster(large, masterBytes, loop);
    log(`Audio renditions: written in ${fmt((performance.now() - writeStarted) / 1000, 1)} s; both renditions of it, ${pinned}...`);
    const largeRun = await measure("transcode", large, workDir, cpu, log);
    rmSync(large);

    const what = `transcoding a ${fmt(masterBytes / 1024 / 1024)} MB upload (${fmt(largeSeconds / 60, 1)} min, 192 kHz/24-bit)`;
    const songRss = (pick: (result: Measured) => number) => Math.max(...transcodes.map(pick));
    const memoryRow = (whose: string, pick: (result: Measured) => number, idle?: (result: Measured) => number): Row => {
      const peak = pick(largeRun);
      const reference = pick(smallRun);
      const withIdle = (result: Measured) => (idle ? `${mb(pick(result))} (idle ${mb(idle(result))})` : mb(pick(result)));
      return {
        measure: `${what}: ${whose} peak RSS`,
        ours: withIdle(largeRun),
        reference: `${SMALL_STUDIO_MB} MB of the same ${withIdle(smallRun)}; CD master ${mb(songRss(pick))}`,
        ratio: `${fmt(peak / reference, 2)}×`,
        target: `< ${fmt(MEMORY_LIMIT / 1024 / 1024)} MB, not growing with size`,
        met: peak < MEMORY_LIMIT && peak <= reference + MEMORY_SLACK,
      };
    };
    rows.push(
      memoryRow(
        "the transcoding process's",
        (r) => r.peakRss,
        (r) => r.idleRss,
      ),
    );
    rows.push(memoryRow("ffmpeg's", (r) => r.ffmpegPeakRss));
    rows.push({
      measure: `${what}: speed`,
      ours: `${fmt(largeSeconds / largeRun.cpuSeconds)} s of audio per CPU second (wall ${fmt(largeSeconds / largeRun.wallSeconds)})`,
      reference: `${fmt(largeRun.wallSeconds / 60, 1)} min of wall time, ${pinned}`,
      ratio: "",
      target: "",
      met: null,
    });
    return rows;
  } finally {
    process.off("SIGINT", interrupted);
    removeWork();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      "master-mb": { type: "string", default: "2048" },
      runs: { type: "string", default: "3" },
      child: { type: "string" },
      file: { type: "string" },
    },
  });
  if (values.child) {
    const mode: Mode = values.child === "decode" ? "decode" : "transcode";
    console.log(JSON.stringify(await measureInThisProcess(mode, values.file ?? "")));
  } else {
    try {
      printTable(
        "npm run bench:audio",
        await benchAudioRenditions({ masterMb: Number(values["master-mb"]), runs: Number(values.runs) || 3 }),
      );
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    }
  }
}
