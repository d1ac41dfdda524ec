import { spawn } from "node:child_process";
import type { Readable } from "node:stream";

// ffmpeg comes from the npm registry, a static build inside its package
// (decision 025), and runs as a child process that reads from a stream and
// writes to one: memory stays bounded whatever the file's size.

let located: Promise<string | null> | undefined;

/** Where this platform's ffmpeg is, or null where the package has no build (said once in the log). */
export function ffmpegPath(): Promise<string | null> {
  located ??= import("@ffmpeg-installer/ffmpeg")
    .then((module) => module.default.path)
    .catch((error: unknown) => {
      console.error(`Audio: no ffmpeg for ${process.platform}-${process.arch}; loudness and waveforms are not measured`, error);
      return null;
    });
  return located;
}

class FfmpegMissingError extends Error {
  override name = "FfmpegMissingError";
  constructor() {
    super(`No ffmpeg is packaged for ${process.platform}-${process.arch}`);
  }
}

export class FfmpegFailedError extends Error {
  override name = "FfmpegFailedError";
}

/**
 * Runs ffmpeg on `input` (piped to its stdin), handing each chunk of its
 * stdout to `onOutput`; resolves its stderr once it exits cleanly. A failure
 * (a file ffmpeg cannot read, a killed process) rejects with the last lines it
 * wrote, which say why in words an artist can pass on.
 */
export async function runFfmpeg(args: readonly string[], input: Readable, onOutput?: (chunk: Buffer) => void): Promise<string> {
  const binary = await ffmpegPath();
  if (!binary) throw new FfmpegMissingError();
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ["-hide_banner", "-nostdin", "-nostats", "-i", "pipe:0", ...args], { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      // The summary is at the end; the start is the input's description, which a long run would repeat.
      stderr = (stderr + text).slice(-64 * 1024);
    });
    child.stdout.on("data", (chunk: Buffer) => onOutput?.(chunk));
    // ffmpeg may stop reading before the end (it has what it needs, or fails): the rest is not ours to push.
    child.stdin.on("error", () => {});
    input.on("error", (error) => {
      child.kill("SIGKILL");
      reject(error);
    });
    input.pipe(child.stdin);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      // Whatever ffmpeg did not read is not wanted: let go of the file (or the bucket's connection).
      input.unpipe(child.stdin);
      input.destroy();
      if (code === 0) return resolve(stderr);
      const why = stderr.trim().split("\n").slice(-3).join(" ").trim();
      reject(new FfmpegFailedError(why || `ffmpeg stopped (${signal ?? `exit ${code}`})`));
    });
  });
}
