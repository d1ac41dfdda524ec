// What a music player would find in an audio file, as ffmpeg reads it back
// (there is no ffprobe in the npm build): its tags and streams from the
// description ffmpeg writes to stderr, and its attached picture's bytes.
import { Readable } from "node:stream";
import { runFfmpeg } from "#app/lib/audio/ffmpeg.server.ts";

export type DescribedStream = { kind: "Audio" | "Video"; codec: string; line: string; metadata: Record<string, string> };
export type DescribedAudio = {
  /** The file's tags and its first audio stream's (where Ogg keeps them), keys in lower case, lines joined by "\n". */
  tags: Record<string, string>;
  streams: DescribedStream[];
};

/** ffmpeg's description of its first input, parsed. */
function parseDescription(stderr: string): DescribedAudio {
  const lines = stderr.slice(stderr.indexOf("Input #0")).split("\n");
  const global: Record<string, string> = {};
  const streams: DescribedStream[] = [];
  let target: Record<string, string> | null = null;
  let indent = 0;
  let lastKey = "";
  for (const line of lines) {
    const depth = line.length - line.trimStart().length;
    if (target && depth > indent) {
      const [, key = "", value = ""] = /^\s*([^:]*?)\s*: ?(.*)$/.exec(line) ?? [];
      if (key === "") target[lastKey] += `\n${value}`;
      else target[(lastKey = key.toLowerCase())] = value;
      continue;
    }
    target = null;
    if (/^(Output|At least one output)/.test(line)) break;
    const stream = /^\s*Stream #0:\d+[^:]*: (Audio|Video): (.*)$/.exec(line);
    if (stream) streams.push({ kind: stream[1] as "Audio" | "Video", codec: /^\w+/.exec(stream[2] ?? "")?.[0] ?? "", line, metadata: {} });
    else if (line.trim() === "Metadata:") {
      target = streams.at(-1)?.metadata ?? global;
      indent = depth;
    }
  }
  const audio = streams.find((stream) => stream.kind === "Audio");
  return { tags: { ...global, ...audio?.metadata }, streams };
}

/** The tags and streams of an audio file. */
export async function describeAudio(bytes: Buffer): Promise<DescribedAudio> {
  return parseDescription(await runFfmpeg(["-t", "0", "-f", "null", "-"], Readable.from([bytes])));
}

/** The bytes of the picture attached to an audio file, as stored there. */
export async function attachedPicture(bytes: Buffer): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await runFfmpeg(["-map", "0:v:0", "-c", "copy", "-f", "image2pipe", "pipe:1"], Readable.from([bytes]), (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks);
}
