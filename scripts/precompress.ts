// Runs after `react-router build`: writes brotli (quality 11) and gzip (level 9)
// copies of the client's text assets next to them, once, so the server sends
// the smallest form without compressing on every request (server/host.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "../build/client");
const TEXT = /\.(js|mjs|css|svg|json|txt|html|map)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
let raw = 0;
let brotli = 0;
for (const file of files(root)) {
  const bytes = readFileSync(file);
  if (bytes.length < 1024) continue;
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
  raw += bytes.length;
  brotli += br.length;
}
if (statSync(root).isDirectory())
  console.log(`Precompressed ${count} client files: ${(raw / 1000).toFixed(0)} kB → ${(brotli / 1000).toFixed(0)} kB brotli`);
