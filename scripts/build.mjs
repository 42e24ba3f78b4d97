// The package's build, in dist/:
// - its JavaScript as one ES-module bundle per entry point (esbuild), split into shared chunks so each
//   lazily imported part (a reader, a device kind, the MCP server, the HTML report) stays a file of its
//   own that loads on first use. A worker or a CLI process reads a few files instead of a few hundred.
// - `treewright verify` as one file of its own (COMMANDS), not split: the split build cuts its code into
//   a chunk per set of lazy parts that share it (each reader, device, command), some forty files, and a
//   process pays for each file it loads. Its lazy parts (the other readers, the drift and golden checks,
//   the reports) are the split build's chunks, loaded as before; the cmp-inspector reader, the format of
//   the captures the lane is for, is in the file, evaluated only when a tree in that format is read.
//   The few modules both hold (the errors, stdout) are then twice in a process that loads both, which
//   they allow: an error is known by a registered symbol, not by its class.
// - its declarations from tsc, one .d.ts per source file.
//
//   node scripts/build.mjs          both, from an empty dist/ (`npm run build`, `npm pack`)
//   node scripts/build.mjs --js     the bundles only, over the last build's declarations
//   node scripts/build.mjs --types  the type check of everything tsconfig.json holds (tests, bench,
//                                   examples too), writing the package's declarations into dist/ as it goes
//
// `npm test` runs --js first and starts the tests on it, with --types beside them: one tsc over the whole
// repository instead of a type check plus a declarations build over the package sources again.
//
// Every file the package's exports, its bin and its tools name is an entry here (ENTRIES); a source
// map per file points back at the shipped .ts sources.
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Output path under dist/ (without .js) → source. */
const ENTRIES = {
  'runner/index': 'runner/index.ts',
  'runner/cli': 'runner/cli.ts',
  'runner/reporter/index': 'runner/reporter/index.ts',
  'src/index': 'src/index.ts',
  'matchers/index': 'matchers/index.ts',
  'matchers/expect': 'matchers/expect.ts',
  'agents/main': 'agents/main.ts',
};
/**
 * CLI commands built as one file each, output path under dist/ → source: the CLI imports the file
 * instead of a chunk. Their dynamic imports load the split build's chunks, except INLINE's.
 */
const COMMANDS = {
  'runner/verify': 'runner/verify/index.ts',
};
/** The lazy parts a command's file holds (evaluated at their import, as before). */
const INLINE = new Set(['src/formats/cmp.ts']);
/** The source folders the package ships declarations of. */
const PACKAGE_SOURCES = ['src', 'runner', 'matchers', 'agents'];
const TYPES_TMP = '.tmp/types';

function tsc(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', ...args], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const OPTIONS = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Dependencies stay in node_modules: the user's installed versions, loaded where they are used.
  packages: 'external',
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
};

const slashed = (p) => p.split(path.sep).join('/');
/** A repository-relative path, as esbuild's metafile names sources (`src/formats/cmp.ts`). */
const repoPath = (file) => slashed(path.relative(process.cwd(), file));
/** `to` (a dist/ path) as an import specifier in the output file `from`. */
const specifier = (from, to) => {
  const p = slashed(path.relative(path.dirname(from), to));
  return p.startsWith('../') ? p : `./${p}`;
};

/**
 * Resolves each dynamic import that `fileOf(source, importer)` gives a dist/ file for to that file,
 * left external: the output imports it as it is.
 */
const lazyTo = (fileOf) => ({
  name: 'lazy-to',
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const file = fileOf(repoPath(path.resolve(args.resolveDir, args.path)).replace(/\.js$/, '.ts'), repoPath(args.importer));
      return file ? { path: file, external: true } : undefined;
    });
  },
});

/** Builds the bundles; 0, or 1 after the failure was printed (esbuild prints its own). */
function bundle() {
  return bundleAll().then(() => 0, (e) => {
    if (!e?.errors) console.error(e?.message ?? e);
    return 1;
  });
}

async function bundleAll() {
  // Each command's file first: what it imports lazily (outside INLINE) is an entry of the split build,
  // at a name of its own in dist/chunks/, so the command's file can name it.
  const lazyParts = new Map(); // source → its output path under dist/
  await Promise.all(Object.entries(COMMANDS).map(([out, in_]) => build({
    ...OPTIONS,
    entryPoints: [{ out, in: in_ }],
    outdir: 'dist',
    plugins: [lazyTo((source) => {
      if (INLINE.has(source)) return null;
      const part = `chunks/${path.basename(source, '.ts')}`;
      const other = [...lazyParts].find(([s, p]) => p === part && s !== source);
      if (other) throw new Error(`build.mjs: ${source} and ${other[0]} would both be dist/${part}.js; name one apart`);
      lazyParts.set(source, part);
      return specifier(`dist/${out}.js`, `dist/${part}.js`);
    })],
  })));
  const commandOut = new Map(Object.entries(COMMANDS).map(([out, in_]) => [in_, out]));
  await build({
    ...OPTIONS,
    entryPoints: [...Object.entries(ENTRIES), ...[...lazyParts].map(([in_, out]) => [out, in_])].map(([out, in_]) => ({ out, in: in_ })),
    outdir: 'dist',
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    plugins: [lazyTo((source, importer) => {
      if (!commandOut.has(source)) return null;
      const from = Object.entries(ENTRIES).find(([, in_]) => in_ === importer)?.[0];
      if (!from) throw new Error(`build.mjs: ${importer} imports the command ${source}; only an entry may (its output's place is known)`);
      return specifier(`dist/${from}.js`, `dist/${commandOut.get(source)}.js`);
    })],
  });
}

/** Removes the last build's JavaScript and source maps (chunk names change with their content), keeping its declarations. */
function removeScripts(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) removeScripts(p);
    else if (!e.name.endsWith('.d.ts')) rmSync(p);
  }
}

async function types() {
  rmSync(TYPES_TMP, { recursive: true, force: true });
  const code = await tsc(['-p', 'tsconfig.json', '--emitDeclarationOnly', '--declarationDir', TYPES_TMP]);
  if (code !== 0) return code;
  for (const dir of PACKAGE_SOURCES) cpSync(path.join(TYPES_TMP, dir), path.join('dist', dir), { recursive: true });
  rmSync(TYPES_TMP, { recursive: true, force: true });
  return 0;
}

const mode = process.argv[2] ?? '';
let code;
if (mode === '--js') {
  rmSync('dist/chunks', { recursive: true, force: true });
  try { removeScripts('dist'); } catch { /* no dist yet */ }
  code = await bundle();
} else if (mode === '--types') {
  code = await types();
} else if (mode === '') {
  rmSync('dist', { recursive: true, force: true });
  const [a, b] = await Promise.all([tsc(['-p', 'tsconfig.build.json']), bundle()]);
  code = a || b;
} else {
  console.error(`build.mjs: unknown option ${mode}; use --js, --types or nothing`);
  code = 2;
}
process.exit(code);
