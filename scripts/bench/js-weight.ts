// JavaScript weight: what a first visit to each public page downloads, from the
// production build as a browser gets it. The page's HTML is fetched from a running
// server and every <script src>, <link rel=modulepreload> and import of its inline
// module scripts is followed, then every static import of those files (dynamic
// imports load later, on demand, so they are not counted). Each file is measured
// raw, gzip -9 and brotli 11.
//
//   npx node scripts/bench/js-weight.ts [--files] [BASE_URL]
//
// Without BASE_URL it builds if needed and serves a throwaway demo site; --files lists each file.
//
// `forbidden` names loaded files that only the dashboard, login or setup routes
// use (per React Router's full route manifest, dynamic imports included): those
// must never load on a public page.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOADS_ATTRIBUTE } from "#app/lib/document/scripts-after-paint.server.ts";
import { startDemoSite } from "#scripts/lib/demo-site.ts";

export type PageJavaScript = {
  page: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  forbidden: string[];
};

export const JS_PAGES = ["/", "/music", "/bio", "/contact"] as const;

/** Route ids whose code is for the artist only. The dashboard's id is fixed by app/routes.ts. */
const PRIVATE_ROUTE_IDS = new Set(["routes/dashboard", "routes/login", "routes/setup"]);

type ManifestRoute = { id: string; module: string; imports?: string[] };
type RouterManifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute>; url?: string };

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return res.text();
}

async function fetchBytes(url: string): Promise<Buffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}=["']([^"']*)["']`, "i").exec(tag)?.[1];

/** The JavaScript URLs a page's HTML starts loading by itself. */
function scriptsInHtml(html: string, pageUrl: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (attribute(tag, "rel")?.toLowerCase() === "modulepreload") {
      const href = attribute(tag, "href");
      if (href) urls.push(href);
    }
  }
  for (const [, attrs = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attribute(attrs, "src");
    if (src) {
      urls.push(src);
      continue;
    }
    // The app's module script waits, inert, until the page has painted (app/lib/document/scripts-after-paint.server.ts); it loads all the same.
    const type = attribute(attrs, "type");
    if (type !== "module" && type !== DEFERRED_MODULE_TYPE) continue;
    for (const href of attribute(attrs, DEFERRED_PRELOADS_ATTRIBUTE)?.split(" ") ?? []) if (href) urls.push(href);
    // React Router's bootstrap: `import * as route0 from "…"` lines and `import("…entry.client…")`.
    for (const [, from] of body.matchAll(/^\s*import\s[^"'\n]*?from\s*["']([^"']+)["']/gm)) if (from) urls.push(from);
    for (const [, from] of body.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) if (from) urls.push(from);
  }
  return urls.map((url) => new URL(url, pageUrl).href);
}

/** Static imports of a built chunk: the bundler puts them all at its start. */
function staticImports(code: string, fileUrl: string): string[] {
  const urls: string[] = [];
  const statement = /^\s*(?:import|export)\s*(?:[^;"'`]*?\bfrom\s*)?["']([^"']+)["']\s*;?/y;
  let index = 0;
  for (;;) {
    statement.lastIndex = index;
    const match = statement.exec(code);
    if (!match?.[1]) break;
    urls.push(new URL(match[1], fileUrl).href);
    index = statement.lastIndex;
  }
  return urls;
}

/** Dynamic imports of a built chunk (code loaded later, on demand). */
function dynamicImports(code: string, fileUrl: string): string[] {
  return [...code.matchAll(/\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].flatMap(([, from]) => (from ? [new URL(from, fileUrl).href] : []));
}

type Measured = { raw: number; gzip: number; brotli: number; code: string };

function measure(bytes: Buffer): Measured {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
    code: bytes.toString("utf8"),
  };
}

/** Fetches and measures each file once for all pages. */
function fileCache() {
  const files = new Map<string, Promise<Measured>>();
  return (url: string) => {
    let file = files.get(url);
    if (!file) {
      file = fetchBytes(url).then(measure);
      files.set(url, file);
    }
    return file;
  };
}

async function fullManifest(baseUrl: string, html: string): Promise<RouterManifest> {
  // The page carries a partial manifest (lazy route discovery) whose `url` names the full one.
  const inline = /"url":\s*"([^"]*\/manifest-[^"]+\.js)"/.exec(html)?.[1];
  if (!inline) throw new Error("No React Router manifest URL in the page");
  const code = await fetchText(new URL(inline, baseUrl).href);
  const json = code.replace(/^\s*window\.__reactRouterManifest\s*=\s*/, "").replace(/;?\s*$/, "");
  return JSON.parse(json) as RouterManifest;
}

/** Files only the private routes use, with everything they import later on demand. */
async function privateFiles(manifest: RouterManifest, baseUrl: string, file: (url: string) => Promise<Measured>): Promise<Set<string>> {
  const abs = (p: string) => new URL(p, baseUrl).href;
  const routeFiles = (route: ManifestRoute) => [route.module, ...(route.imports ?? [])].map(abs);
  const publicFiles = new Set([abs(manifest.entry.module), ...manifest.entry.imports.map(abs)]);
  const candidates: string[] = [];
  for (const route of Object.values(manifest.routes)) {
    if (PRIVATE_ROUTE_IDS.has(route.id)) candidates.push(...routeFiles(route));
    else for (const url of routeFiles(route)) publicFiles.add(url);
  }
  const found = new Set<string>();
  const queue = candidates.filter((url) => !publicFiles.has(url));
  while (queue.length > 0) {
    const url = queue.pop();
    if (!url || found.has(url) || publicFiles.has(url)) continue;
    found.add(url);
    const { code } = await file(url);
    queue.push(...staticImports(code, url), ...dynamicImports(code, url));
  }
  return found;
}

/** Every JavaScript file a first visit to `page` loads before any interaction. */
async function firstLoad(pageUrl: string, html: string, file: (url: string) => Promise<Measured>): Promise<Set<string>> {
  const loaded = new Set<string>();
  const queue = scriptsInHtml(html, pageUrl);
  while (queue.length > 0) {
    const url = queue.pop();
    if (!url || loaded.has(url)) continue;
    loaded.add(url);
    queue.push(...staticImports((await file(url)).code, url));
  }
  return loaded;
}

type FileSize = { path: string; raw: number; gzip: number; brotli: number };

/** Each page's totals, and its files one by one (for --files). */
async function measurePages(options: {
  baseUrl?: string;
  pages?: readonly string[];
}): Promise<{ row: PageJavaScript; files: FileSize[] }[]> {
  const site = options.baseUrl ? null : await startDemoSite();
  const baseUrl = options.baseUrl ?? site?.baseUrl ?? "";
  try {
    const file = fileCache();
    const results: { row: PageJavaScript; files: FileSize[] }[] = [];
    let forbiddenFiles: Set<string> | null = null;
    for (const page of options.pages ?? JS_PAGES) {
      const pageUrl = new URL(page, baseUrl).href;
      const html = await fetchText(pageUrl);
      forbiddenFiles ??= await privateFiles(await fullManifest(baseUrl, html), baseUrl, file);
      const loaded = [...(await firstLoad(pageUrl, html, file))].sort();
      const files = await Promise.all(
        loaded.map(async (url) => {
          const { raw, gzip, brotli } = await file(url);
          return { path: new URL(url).pathname, raw, gzip, brotli };
        }),
      );
      const total = (key: "raw" | "gzip" | "brotli") => files.reduce((sum, f) => sum + f[key], 0);
      results.push({
        row: {
          page,
          files: files.length,
          rawBytes: total("raw"),
          gzipBytes: total("gzip"),
          brotliBytes: total("brotli"),
          forbidden: loaded.filter((url) => forbiddenFiles?.has(url)).map((url) => new URL(url).pathname),
        },
        files,
      });
    }
    return results;
  } finally {
    await site?.stop();
  }
}

/**
 * The JavaScript a first visit to each public page loads, from the production build.
 * Without `baseUrl` it builds if needed and serves a throwaway demo site itself;
 * with one, it measures that running site.
 */
export async function measureJavaScript(options: { baseUrl?: string; pages?: readonly string[] } = {}): Promise<PageJavaScript[]> {
  return (await measurePages(options)).map(({ row }) => row);
}

/** The budget for the home page's first load, gzip (issue #7). */
export const HOME_GZIP_BUDGET = 110_000;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const col = (text: string, width: number) => text.padStart(width);

function printFiles(pages: { row: PageJavaScript; files: FileSize[] }[]): void {
  for (const { row, files } of pages) {
    console.log(`\n${row.page}`);
    for (const f of [...files].sort((a, b) => b.gzip - a.gzip)) {
      console.log(`  ${f.path.padEnd(48)}${col(kb(f.raw), 12)}${col(kb(f.gzip), 12)}${col(kb(f.brotli), 12)}`);
    }
  }
}

function printTable(rows: PageJavaScript[]): void {
  console.log(`\nJavaScript on first load (production build; kB = 1000 bytes; gzip -9, brotli 11)\n`);
  console.log(`${"page".padEnd(10)}${col("files", 7)}${col("raw", 12)}${col("gzip", 12)}${col("brotli", 12)}  forbidden`);
  for (const row of rows) {
    console.log(
      `${row.page.padEnd(10)}${col(String(row.files), 7)}${col(kb(row.rawBytes), 12)}${col(kb(row.gzipBytes), 12)}${col(kb(row.brotliBytes), 12)}  ${row.forbidden.length ? row.forbidden.join(", ") : "none"}`,
    );
  }
  const home = rows.find((row) => row.page === "/");
  if (home)
    console.log(`\n/ within ${kb(HOME_GZIP_BUDGET)} gzip: ${home.gzipBytes <= HOME_GZIP_BUDGET ? "yes" : "NO"} (${kb(home.gzipBytes)})`);
}

if (import.meta.main) {
  try {
    const args = process.argv.slice(2);
    const baseUrl = args.find((arg) => !arg.startsWith("--"));
    const pages = await measurePages(baseUrl ? { baseUrl } : {});
    if (args.includes("--files")) printFiles(pages);
    printTable(pages.map(({ row }) => row));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
