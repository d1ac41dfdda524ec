// The browser's sniffer must give the answer the server's check (file-type)
// gives: a file it refuses would be refused at step 1 although the server takes
// it, and one it passes is refused only at step 3. So every case here is
// checked against file-type itself, on real generated media, hand-made headers
// and random bytes behind every signature.
import fc from "fast-check";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { coverPng, synthWav } from "#scripts/media/synth.ts";
import { SNIFF_BYTES, sniffBytes, sniffFile, type SniffedType } from "#app/lib/uploads/sniff-file-type.ts";
import { ACCEPTED_TYPES, checkFile, type AcceptedType } from "./upload-rules.ts";
import { UPLOAD_TEXT } from "./ui-text.ts";

const accepted = new Set<string>([...ACCEPTED_TYPES.audio, ...ACCEPTED_TYPES.cover]);
/** What the server's check makes of the first bytes it reads: an accepted extension or null. */
async function serverSays(bytes: Uint8Array): Promise<string | null> {
  const type = await fileTypeFromBuffer(bytes.subarray(0, SNIFF_BYTES));
  return type && accepted.has(type.ext) ? type.ext : null;
}
const sniff = (bytes: Uint8Array) => sniffFile(new Blob([new Uint8Array(bytes)]));

const ascii = (text: string) => Buffer.from(text, "latin1");
/** An ID3v2 tag of `size` payload bytes (a syncsafe length, as taggers write it). */
function id3(size: number): Buffer {
  const header = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([header, Buffer.alloc(size)]);
}
const mp3Frame = Buffer.from([0xff, 0xfb, 0x90, 0x64, ...new Array<number>(400).fill(0)]);
const oggPage = (codec: Buffer) => Buffer.concat([ascii("OggS"), Buffer.alloc(24), codec, Buffer.alloc(64)]);
const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x20]), ascii("ftyp"), ascii(brand), Buffer.alloc(20)]);
function pngChunk(type: string, length: number): Buffer {
  const head = Buffer.alloc(8);
  head.writeInt32BE(length, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, Buffer.alloc(length + 4)]);
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("sniffFile", () => {
  it("recognises real generated media as the server does", async () => {
    const image = sharp({ create: { width: 64, height: 64, channels: 3, background: "#b4533c" } });
    const cases: [string, Uint8Array, SniffedType][] = [
      ["WAV", synthWav({ seconds: 0.5, chords: [[60]], bpm: 60 }), "wav"],
      ["WAV with a title tag", synthWav({ seconds: 0.2, chords: [[60]], bpm: 60, title: "Lantern Light" }), "wav"],
      ["PNG", await coverPng("x", ["#000", "#fff"], 64), "png"],
      ["JPEG", await image.clone().jpeg().toBuffer(), "jpg"],
      ["WebP", await image.clone().webp().toBuffer(), "webp"],
      ["AVIF", await image.clone().avif().toBuffer(), "avif"],
      ["GIF", await image.clone().gif().toBuffer(), "gif"],
    ];
    for (const [name, bytes, type] of cases) {
      expect(await sniff(bytes), name).toBe(type);
      expect(await serverSays(bytes), name).toBe(type);
    }
  });

  it("gives the server's answer for each signature, and refuses look-alikes the server refuses", async () => {
    const cases: [string, Uint8Array, SniffedType | null][] = [
      ["MP3 frame", mp3Frame, "mp3"],
      ["MP3 behind a short ID3 tag", Buffer.concat([id3(200), mp3Frame]), "mp3"],
      ["MP3 behind a long ID3 tag (artwork)", Buffer.concat([id3(300_000), mp3Frame]), "mp3"],
      ["FLAC behind an ID3 tag", Buffer.concat([id3(100), ascii("fLaC"), Buffer.alloc(64)]), "flac"],
      ["an ID3 tag and then nothing known", Buffer.concat([id3(100), ascii("hello there, not audio at all")]), null],
      ["an ID3 tag longer than the file", id3(5000).subarray(0, 400), "mp3"],
      ["ADTS AAC", Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc, ...new Array<number>(64).fill(0)]), "aac"],
      ["MPEG layer II", Buffer.from([0xff, 0xfd, 0x90, 0x64, ...new Array<number>(64).fill(0)]), null],
      ["Ogg Opus", oggPage(ascii("OpusHead")), "opus"],
      ["Ogg Vorbis", oggPage(Buffer.concat([Buffer.from([1]), ascii("vorbis"), Buffer.from([0])])), "ogg"],
      ["Ogg FLAC", oggPage(Buffer.concat([Buffer.from([0x7f]), ascii("FLAC"), Buffer.from([1, 0, 0])])), "oga"],
      ["Ogg Theora (video)", oggPage(Buffer.concat([Buffer.from([0x80]), ascii("theora"), Buffer.from([0])])), null],
      ["Ogg Speex", oggPage(ascii("Speex   ")), null],
      ["FLAC", Buffer.concat([ascii("fLaC"), Buffer.alloc(64)]), "flac"],
      ["AIFF", Buffer.concat([ascii("FORM"), Buffer.from([0, 0, 0x10, 0]), ascii("AIFFCOMM"), Buffer.alloc(64)]), "aif"],
      ["AIFF-C", Buffer.concat([ascii("FORM"), Buffer.from([0, 0, 0x10, 0]), ascii("AIFCFVER"), Buffer.alloc(64)]), "aif"],
      ["M4A", ftyp("M4A "), "m4a"],
      ["MP4 video", ftyp("isom"), null],
      ["HEIC photo", ftyp("heic"), null],
      ["AVIF sequence", ftyp("avis"), "avif"],
      ["AVI", Buffer.concat([ascii("RIFF"), Buffer.alloc(4), ascii("AVI LIST"), Buffer.alloc(32)]), null],
      ["JPEG-LS", Buffer.from([0xff, 0xd8, 0xff, 0xf7, ...new Array<number>(32).fill(0)]), null],
      ["animated PNG", Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", 13), pngChunk("acTL", 8), pngChunk("IDAT", 10)]), null],
      [
        "PNG with a long text chunk first",
        Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", 13), pngChunk("tEXt", 6000), pngChunk("IDAT", 10)]),
        "png",
      ],
      ["a PNG signature alone", PNG_SIGNATURE, null],
      ["BMP", Buffer.concat([ascii("BM"), Buffer.alloc(64)]), null],
      ["SVG", ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), null],
      ["text", ascii("not audio"), null],
      [
        "a byte-order mark, then a PNG",
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), PNG_SIGNATURE, pngChunk("IHDR", 13), pngChunk("IDAT", 4)]),
        "png",
      ],
      ["a byte-order mark, then an MP3 frame", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), mp3Frame]), null],
      ["a UTF-16 byte-order mark", Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x42, 0x00]), null],
      ["nothing", new Uint8Array(0), null],
    ];
    for (const [name, bytes, type] of cases) {
      expect(await sniff(bytes), name).toBe(type);
      expect(await serverSays(bytes), name).toBe(type);
    }
  });

  it("agrees with file-type on random bytes behind every signature", async () => {
    const prefixes = [
      [],
      ascii("ID3"),
      ascii("GIF"),
      [0xff, 0xd8, 0xff],
      ascii("OggS"),
      ascii("fLaC"),
      [...PNG_SIGNATURE],
      [...PNG_SIGNATURE, 0, 0, 0, 13, ...ascii("IHDR")],
      [0, 0, 0, 0x20, ...ascii("ftyp")],
      ascii("RIFF"),
      [0xff],
      [0xff, 0xfb],
      [0xef, 0xbb, 0xbf],
    ].map((p) => Uint8Array.from(p));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 600 }), async (prefix, rest) => {
        const bytes = new Uint8Array([...prefix, ...rest]);
        expect(await sniff(bytes)).toBe(await serverSays(bytes));
      }),
      { numRuns: 2000 },
    );
  });

  it("reads only the first bytes of a large file", async () => {
    let read = 0;
    const big = new Blob([new Uint8Array(synthWav({ seconds: 0.1, chords: [[60]], bpm: 60 })), new Uint8Array(20 * 1024 * 1024)]);
    const watched = new Proxy(big, {
      get(target, key) {
        if (key !== "slice") return Reflect.get(target, key, target) as unknown;
        return (start?: number, end?: number) => {
          const part = target.slice(start, end);
          read += part.size;
          return part;
        };
      },
    });
    expect(await sniffFile(watched)).toBe("wav");
    expect(read).toBeLessThanOrEqual(SNIFF_BYTES);
  });
});

describe("checkFile", () => {
  const cases: [kind: "audio" | "cover", size: number, sniffed: AcceptedType | null, message: string | null][] = [
    ["audio", 1000, "wav", null],
    ["audio", 1000, null, UPLOAD_TEXT.invalidAudio],
    ["audio", 1000, "png", UPLOAD_TEXT.invalidAudio],
    ["audio", 50 * 1024 * 1024 + 1, "mp3", UPLOAD_TEXT.audioTooLarge],
    ["cover", 1000, "jpg", null],
    ["cover", 1000, "mp3", UPLOAD_TEXT.invalidImage],
    ["cover", 5 * 1024 * 1024 + 1, "png", UPLOAD_TEXT.imageTooLarge],
  ];
  it.each(cases)("%s of %i bytes sniffed as %s: %s", (kind, size, sniffed, message) => {
    expect(checkFile(kind, { size }, sniffed)).toBe(message);
  });

  it("judges by the bytes, not the type the browser guessed from the name", () => {
    // The check takes no MIME type at all: a text file renamed song.mp3 is sniffed as null.
    expect(checkFile("audio", { size: 9 }, null)).toBe(UPLOAD_TEXT.invalidAudio);
  });
});

// Keeps sniffBytes' export honest: a caller with bytes in hand gets the same answer.
it("sniffBytes answers for bytes already in hand", () => {
  expect(sniffBytes(Uint8Array.from(mp3Frame))).toBe("mp3");
  expect(sniffBytes(Uint8Array.from(mp3Frame), { confidentOnly: true })).toBeNull();
});
