// `npm run lint` (part of `npm test`): the layout's arrows, unused code and
// React's hook rules, checked by a machine rather than kept in prose.
// The arrows (docs/architecture.md):
//   app/lib  →  app/domain  →  app/components  →  app/features  →  app/routes
//   (each may import those to its left, never to its right)
//   server/ may import app/; app/ never imports server/.
//   A feature never imports another feature: a route composes them.
//   No import cycles, and no module re-exports what it imports (scripts/lint/house-rules.js).
// Across folders, code imports through the one alias (#app/…); within a
// folder, relatively (./x.ts). So "../" inside app/ always means crossing
// into a folder the arrows may forbid, and is refused where it could.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { houseRules } from "./scripts/lint/house-rules.js";

const serverFromApp = {
  regex: String.raw`(^|/)server/|^\.\./\.\./server|^#server`,
  message: "app/ never imports server/: the web server wraps the app, not the other way round (docs/architecture.md).",
};
const anyFeature = {
  regex: String.raw`^#app/features/|(^|/)features/`,
  message:
    "Shared code (app/lib, app/domain, app/components) must not import a feature: move what both need into app/domain or app/components.",
};
const libLeavesLib = {
  regex: String.raw`^#app/(?!lib/)`,
  message:
    "app/lib is the infrastructure and imports only app/lib: what knows the site's songs, photos or settings belongs in app/domain, which may import app/lib.",
};
const domainReachesUp = {
  regex: String.raw`^#app/(?!lib/|domain/)`,
  message: "app/domain imports only app/lib and app/domain: UI lives in app/components and the features.",
};
const componentsReachUp = {
  regex: String.raw`^#app/(?!lib/|domain/|components/|[^/]+\.css)`,
  message: "app/components imports only app/lib, app/domain and app/components.",
};
const anyRoute = { regex: String.raw`^#app/routes/|(^|/)routes/`, message: "Only React Router imports routes." };
const climbing = {
  regex: String.raw`^\.\./`,
  message: "Import across folders through #app/…: a relative climb hides which folder you are reaching into.",
};

/** A feature may import only itself (./x.ts), app/lib, app/domain and app/components. */
function featureBoundaries(feature) {
  return {
    files: [`app/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            serverFromApp,
            anyRoute,
            climbing,
            {
              regex: String.raw`^#app/features/(?!${feature}/)`,
              message: `Features do not import each other (${feature} → another feature): let a route compose them, or move what both need into app/domain or app/components.`,
            },
            {
              regex: String.raw`^#app/(?!lib/|domain/|components/|features/)`,
              message: "A feature imports only itself, app/lib, app/domain and app/components (the app's root modules are above it).",
            },
          ],
        },
      ],
    },
  };
}

// Every folder in app/features is a feature, so a new one is fenced in from its first file.
const features = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", ".react-router/**", "data/**", ".tmp/**", "test-results/**", "coverage/**", "backups/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // TypeScript reports undefined names itself; the config files are plain Node modules.
  { rules: { "no-undef": "off" } },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      // The two rules of hooks; the React Compiler's extra rules judge code written for the compiler, which we do not use.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // A ts-ignore says why, as the one on the built server's import does.
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "no-restricted-imports": ["error", { patterns: [serverFromApp] }],
    },
  },
  // The app and the server: no import cycles, no re-export modules.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    plugins: { house: houseRules },
    rules: { "house/no-import-cycle": "error", "house/no-re-export": "error" },
  },
  // Everything outside app/ (server, scripts, tests, configs) may import app/ and server/.
  { files: ["server/**", "scripts/**", "tests/**", "db/**", "*.config.ts", "site.config.ts"], rules: { "no-restricted-imports": "off" } },
  // Playwright's fixtures call a function named `use`; nothing under tests/e2e is React.
  // Their fixtures also take `{}` when they need no other fixture.
  { files: ["tests/e2e/**"], rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" } },
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverFromApp, anyFeature, anyRoute, climbing, libLeavesLib] }] },
  },
  {
    files: ["app/domain/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverFromApp, anyFeature, anyRoute, climbing, domainReachesUp] }] },
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverFromApp, anyFeature, anyRoute, climbing, componentsReachUp] }] },
  },
  ...features.map(featureBoundaries),
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverFromApp, climbing] }] },
  },
);
