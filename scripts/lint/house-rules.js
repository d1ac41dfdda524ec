// Two of the layout's rules that no stock ESLint rule keeps (eslint.config.js,
// proved by scripts/lint.test.ts):
// - no-import-cycle: no module may reach itself through imports, type-only
//   ones included (a circle of types still ties the modules' meaning together).
// - no-re-export: a module exports what it declares; what it imports, its
//   importers take from where it lives (`export … from`, and `export { x }` of
//   an imported `x`), so a name has one home and the arrows show real use.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const SOURCE_FILE = /\.(ts|tsx)$/;
const SPECIFIERS = /\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

/** Where an import specifier points, as an absolute path, or null for a package. */
function resolveSpecifier(root, fromFile, specifier) {
  const bare = specifier.split("?")[0];
  if (bare.startsWith("./") || bare.startsWith("../")) return path.resolve(path.dirname(fromFile), bare);
  if (bare === "#site-config") return path.join(root, "site.config.ts");
  const alias = /^#(app|db|tests|scripts)\/(.*)$/.exec(bare);
  return alias ? path.join(root, alias[1], alias[2]) : null;
}

function sourceFilesUnder(folder) {
  const found = [];
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && SOURCE_FILE.test(entry.name)) found.push(path.join(entry.parentPath, entry.name));
  }
  return found;
}

const graphs = new Map();
/** Every module of app/ and server/ and what it imports, read from disk once per lint run. */
function diskGraph(root) {
  let graph = graphs.get(root);
  if (graph) return graph;
  graph = new Map();
  for (const folder of ["app", "server"]) {
    for (const file of sourceFilesUnder(path.join(root, folder))) {
      const text = readFileSync(file, "utf8");
      const targets = new Set();
      for (const match of text.matchAll(SPECIFIERS)) {
        const target = resolveSpecifier(root, file, match[1] ?? match[2] ?? match[3]);
        if (target) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  graphs.set(root, graph);
  return graph;
}

/** A path of imports from `start` back to `goal`, or null. */
function pathBack(graph, start, goal) {
  const seen = new Set([start]);
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    for (const next of graph.get(at) ?? []) {
      if (next === goal) {
        const trail = [at];
        for (let step = at; previous.has(step);) trail.unshift((step = previous.get(step)));
        return trail;
      }
      if (seen.has(next) || !graph.has(next)) continue;
      seen.add(next);
      previous.set(next, at);
      queue.push(next);
    }
  }
  return null;
}

const noImportCycle = {
  meta: {
    type: "problem",
    schema: [],
    messages: { cycle: "Import cycle: {{trail}}. Move what both need into a module that neither imports." },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const imports = [];
    const note = (node, source) => {
      if (source && typeof source.value === "string") imports.push({ node: source, specifier: source.value });
    };
    return {
      ImportDeclaration: (node) => note(node, node.source),
      ExportNamedDeclaration: (node) => note(node, node.source),
      ExportAllDeclaration: (node) => note(node, node.source),
      ImportExpression: (node) => note(node, node.source.type === "Literal" ? node.source : null),
      "Program:exit"() {
        const disk = diskGraph(root);
        // This file as linted now (it may differ from disk), the rest as on disk.
        const targets = new Set(imports.map(({ specifier }) => resolveSpecifier(root, file, specifier)).filter(Boolean));
        const graph = new Map(disk);
        graph.set(file, targets);
        const named = (absolute) => path.relative(root, absolute);
        for (const { node, specifier } of imports) {
          const target = resolveSpecifier(root, file, specifier);
          if (!target || !graph.has(target)) continue;
          const trail = target === file ? [] : pathBack(graph, target, file);
          if (trail) context.report({ node, messageId: "cycle", data: { trail: [file, ...trail, file].map(named).join(" → ") } });
        }
      },
    };
  },
};

const noReExport = {
  meta: {
    type: "suggestion",
    schema: [],
    messages: { reExport: "Re-export of {{what}}: export what this module declares; importers take the rest from where it lives." },
  },
  create(context) {
    return {
      ExportAllDeclaration: (node) => context.report({ node, messageId: "reExport", data: { what: `everything in ${node.source.value}` } }),
      ExportNamedDeclaration(node) {
        if (node.source) return context.report({ node, messageId: "reExport", data: { what: node.source.value } });
        if (node.declaration) return;
        const scope = context.sourceCode.getScope(node);
        for (const specifier of node.specifiers) {
          const name = specifier.local.name;
          const variable = scope.set.get(name) ?? scope.upper?.set.get(name);
          if (variable?.defs.some((def) => def.type === "ImportBinding"))
            context.report({ node: specifier, messageId: "reExport", data: { what: `the imported ${name}` } });
        }
      },
    };
  },
};

export const houseRules = { rules: { "no-import-cycle": noImportCycle, "no-re-export": noReExport } };
