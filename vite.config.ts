import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

/**
 * Fewer, larger client files for a first visit (docs/performance.md, "JavaScript"):
 * React, React DOM and React Router in one `framework` chunk, and every module the
 * root route imports (the layout every page loads) in one `shell` chunk. Without
 * this the bundler cuts the same code into about twenty small files, each its own
 * request and compressed on its own. Route code is still split per route.
 */
function clientChunks(): Plugin {
  const rootFile = path.resolve("app/root.tsx");
  let shell = new Set<string>();
  return {
    name: "artist-site:client-chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "framework", test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
                  { name: (id) => (shell.has(id) ? "shell" : null), debugName: "shell", priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      // The root route's client module (React Router adds a query to the file's path) and all it imports.
      const queue = [...this.getModuleIds()].filter((id) => id.split("?")[0] === rootFile && this.getModuleInfo(id)?.isEntry);
      shell = new Set();
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (shell.has(id)) continue;
        shell.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/**
 * Packages the server build carries inside itself. simple-icons: the server keeps only the few
 * marks the site uses instead of loading its 5 MB module (~10 MB of heap) per process. The
 * others are many small modules each (Kysely's dialects and helpers, better-auth and its core,
 * zod, jose): loaded one by one, resolving and reading them was most of a process's start-up,
 * and the site starts processes often (a crash's restart, each worker, the CLI's siblings);
 * docs/performance.md has the figures. React Router stays outside: @react-router/express must
 * meet the same copy the build uses. Only the build: the development server loads them as they are.
 */
const BUNDLED_IN_SERVER_BUILD = [
  "simple-icons",
  "kysely",
  "better-auth",
  "@better-auth/core",
  "@better-auth/kysely-adapter",
  "better-call",
  "zod",
  "jose",
];

export default defineConfig(({ command }) => ({
  // The server build's entry is our own handler module, so the host can import
  // the React Router request handler and the app's services from one bundle.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  ssr: { noExternal: command === "build" ? BUNDLED_IN_SERVER_BUILD : ["simple-icons"] },
  plugins: [tailwindcss(), reactRouter(), clientChunks()],
}));
