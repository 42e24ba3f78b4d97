/**
 * The layer order of src/ (docs/design.md §3) and the check of it, in the spirit of Playwright's
 * DEPS.list: a file may import its own folder and the layers below its own, never above. src/ never
 * imports the runner, the matchers, the MCP shim or fixtures; above src/, matchers/ and agents/
 * import only src/, and runner/ src/ and matchers/. Type-only imports count like any other
 * (a type names a concept, and the concept has one layer). A dynamic `import()` against the order
 * is allowed only where LAZY lists it, with the reason.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Bottom to top. A path belongs to the first entry it starts with. */
export const LAYERS: readonly (readonly string[])[] = [
  ['src/model/', 'src/errors.ts'],
  ['src/common/'],
  ['src/roles/'],
  ['src/formats/'],
  ['src/facts/'],
  ['src/outline/'],
  ['src/query/'],
  ['src/analysis/'],
  ['src/render/'],
  ['src/checks/'],
  ['src/files/'],
  ['src/devices/'],
  ['src/mcp/'],
  ['src/reference-app/'],
  ['src/index.ts'],
];

/** Folders that src/ never imports, whatever the layer. */
export const OUTSIDE_CORE = ['runner/', 'matchers/', 'agents/', 'fixtures/', 'tests/', 'examples/', 'bench/'];

/** Above src/: what each top-level folder may import besides itself (tests, bench, examples: anything). */
export const TOP: Readonly<Record<string, readonly string[]>> = {
  'matchers/': ['src/'],
  'agents/': ['src/'],
  'runner/': ['src/', 'matchers/'],
};

/** Upward dynamic imports that are allowed: importer → imported folder, and why. */
export const LAZY: readonly { from: string; to: string; why: string }[] = [
  { from: 'src/devices/connect.ts', to: 'src/reference-app/', why: 'the default device, loaded only when a reference source is connected, so treewright/core does not load the app' },
  { from: 'runner/cli.ts', to: 'agents/', why: '`treewright mcp` starts the shim; the other commands never load it' },
];

export interface ImportEdge {
  from: string;
  to: string;
  line: number;
  dynamic: boolean;
}

export interface Violation extends ImportEdge {
  reason: string;
}

/** The rank of a repository path in LAYERS, or -1 outside src/'s layers. */
export function layerOf(file: string): number {
  return LAYERS.findIndex((prefixes) => prefixes.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p)));
}

const IMPORT_RE = /(?:^|[^\w$.])(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"]+)['"]|(?:^|[^\w$.])import\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative imports of one file's text (repository paths, `.js` mapped back to `.ts`). */
export function importsOf(file: string, text: string): ImportEdge[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/[^\n]*/g, (c, pre: string) => pre + ' '.repeat(c.length - pre.length));
  const out: ImportEdge[] = [];
  for (const m of code.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2];
    if (!spec || !spec.startsWith('.')) continue;
    const to = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.js$/, '.ts');
    const line = code.slice(0, m.index + m[0].length).split('\n').length;
    out.push({ from: file, to, line, dynamic: m[2] !== undefined });
  }
  return out;
}

/** Every edge of `edges` that goes against the order, with the reason. */
export function violations(edges: readonly ImportEdge[]): Violation[] {
  const out: Violation[] = [];
  for (const e of edges) {
    const top = Object.keys(TOP).find((t) => e.from.startsWith(t));
    if (top) {
      const allowed = [top, ...TOP[top]!];
      if (allowed.some((t) => e.to.startsWith(t))) continue;
      if (e.dynamic && LAZY.some((l) => l.from === e.from && e.to.startsWith(l.to))) continue;
      out.push({ ...e, reason: `${top} imports only ${allowed.slice(1).join(', ')}, not ${e.to.slice(0, e.to.indexOf('/') + 1) || e.to}` });
      continue;
    }
    if (!e.from.startsWith('src/')) continue;
    const outside = OUTSIDE_CORE.find((p) => e.to.startsWith(p));
    if (outside) {
      out.push({ ...e, reason: `src/ never imports ${outside}` });
      continue;
    }
    const from = layerOf(e.from);
    const to = layerOf(e.to);
    if (from < 0) {
      out.push({ ...e, reason: `${e.from} is in no layer: add its folder to LAYERS (tests/structure/layers.ts) and docs/design.md §3` });
      continue;
    }
    if (to < 0) {
      out.push({ ...e, reason: `${e.to} is in no layer` });
      continue;
    }
    if (to <= from || sameFolder(e.from, e.to)) {
      if (to < from || sameFolder(e.from, e.to)) continue;
      out.push({ ...e, reason: `${folderOf(e.from)} and ${folderOf(e.to)} share a layer and may not import each other` });
      continue;
    }
    if (e.dynamic && LAZY.some((l) => l.from === e.from && e.to.startsWith(l.to))) continue;
    out.push({ ...e, reason: `${folderOf(e.from)} (layer ${from}) imports ${folderOf(e.to)} (layer ${to}), which is above it` });
  }
  return out;
}

function folderOf(file: string): string {
  return file.includes('/', 4) ? file.slice(0, file.indexOf('/', 4) + 1) : file;
}

function sameFolder(a: string, b: string): boolean {
  return folderOf(a) === folderOf(b);
}

/** The `.ts` files under `dir` (repository paths). */
export function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts') && !d.name.endsWith('.d.ts'))
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
}

/** The relative import graph of the given folders (default: src/). */
export function srcGraph(root: string, dirs: readonly string[] = ['src']): ImportEdge[] {
  return dirs.flatMap((d) => sourceFiles(root, d)).flatMap((f) => importsOf(f, readFileSync(path.join(root, f), 'utf8')));
}

/** The files reachable from `entry` through static imports only (what loading it loads). */
export function staticClosure(edges: readonly ImportEdge[], entry: string): Set<string> {
  const next = new Map<string, string[]>();
  for (const e of edges) if (!e.dynamic) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const seen = new Set<string>([entry]);
  const todo = [entry];
  for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
    for (const t of next.get(f) ?? []) if (!seen.has(t)) { seen.add(t); todo.push(t); }
  }
  return seen;
}
