// The package's build, in dist/:
// - its JavaScript as one ES-module bundle per entry point (esbuild), split into shared chunks so each
//   lazily imported part (a reader, a device kind, the MCP server, the HTML report) stays a file of its
//   own that loads on first use. A worker or a CLI process reads a few files instead of a few hundred.
// - the split build cuts the code into a chunk per set of entries and lazy parts sharing it (each reader,
//   device kind, command), and a process pays for each file it loads (resolve, read, compile, link).
//   So the core's chunks are merged into one file (CORE_GROUP, mergeChunks), and `treewright verify` is
//   one file of its own, not split (COMMANDS). Verify's lazy parts (the other readers, the drift and
//   golden checks, the reports) are the split build's files, loaded as before; the cmp-inspector reader,
//   the format of the captures the lane is for, is in its file, evaluated only when a tree in that
//   format is read. The few modules both hold (the errors, stdout) are then twice in a process that
//   loads both, which they allow: an error is known by a registered symbol, not by its class.
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
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  const split = await build({
    ...OPTIONS,
    entryPoints: [...Object.entries(ENTRIES), ...[...lazyParts].map(([in_, out]) => [out, in_])].map(([out, in_]) => ({ out, in: in_ })),
    outdir: 'dist',
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    metafile: true,
    plugins: [lazyTo((source, importer) => {
      if (!commandOut.has(source)) return null;
      const from = Object.entries(ENTRIES).find(([, in_]) => in_ === importer)?.[0];
      if (!from) throw new Error(`build.mjs: ${importer} imports the command ${source}; only an entry may (its output's place is known)`);
      return specifier(`dist/${from}.js`, `dist/${commandOut.get(source)}.js`);
    })],
  });
  await mergeChunks(split.metafile, CORE_GROUP);
}

/**
 * The core's chunks (all a `treewright/core` import loads) as one file, but for those the CLI's
 * --version and each --help load (the modules in `apart` and what they import), which stay files of
 * their own. An entry or lazy part that loads some of the core loads all of it, in one file instead
 * of many.
 */
const CORE_GROUP = {
  from: 'src/index.ts',
  out: 'dist/chunks/core.js',
  apart: ['runner/cli.ts', 'src/devices/source-forms.ts', 'runner/inspector/usage.ts', 'agents/cli.ts', 'runner/verify/usage.ts'],
};

/** The chunks `file` loads through static imports (itself excluded), from the metafile's outputs. */
function staticChunks(outputs, files) {
  const seen = new Set();
  const todo = [...files];
  while (todo.length) {
    const f = todo.pop();
    for (const i of outputs[f]?.imports ?? []) {
      if (i.kind === 'import-statement' && !i.external && !seen.has(i.path)) { seen.add(i.path); todo.push(i.path); }
    }
  }
  return seen;
}

/** An import statement of esbuild's output (at a line's start): its names clause (or none) and its specifier. */
const IMPORT = /^import\s*(\{[^}]*\})?\s*(?:from\s*)?"([^"]+)";/gm;

/**
 * Merges the chunks `group.from` loads, but for those `group.apart` load, into the one file
 * `group.out` (esbuild bundles them again, their source maps followed through), and points every
 * other output's imports of them at it. The group is closed under static imports but for the chunks
 * kept apart, which import none of it: no import cycle is made.
 */
async function mergeChunks(metafile, group) {
  const outputs = metafile.outputs;
  const fileOf = (source) => {
    const file = Object.keys(outputs).find((f) => outputs[f].entryPoint === source);
    if (!file) throw new Error(`build.mjs: no output holds ${source} as its entry`);
    return file;
  };
  const apart = staticChunks(outputs, group.apart.map(fileOf));
  const members = [...staticChunks(outputs, [fileOf(group.from)])].filter((f) => !apart.has(f) && !outputs[f].entryPoint);
  const isMember = new Set(members);
  // Each member's exports under one name in the merged file: its own, or numbered where two members share it.
  const alias = new Map(); // member → (export → name in the merged file)
  const taken = new Set();
  members.forEach((m, k) => {
    const names = new Map();
    for (const e of outputs[m].exports) {
      let name = e;
      for (let n = k; taken.has(name); n += members.length) name = `${e}$${n}`;
      taken.add(name);
      names.set(e, name);
    }
    alias.set(m, names);
  });
  const reexports = members.map((m) => `export { ${[...alias.get(m)].map(([e, n]) => (e === n ? e : `${e} as ${n}`)).join(', ')} } from ${JSON.stringify(path.resolve(m))};`);
  await build({
    ...OPTIONS,
    stdin: { contents: reexports.join('\n'), resolveDir: process.cwd(), sourcefile: 'core-group.js' },
    outfile: group.out,
    plugins: [{
      name: 'group',
      setup(b) {
        b.onResolve({ filter: /^\./ }, (args) => {
          const file = repoPath(path.resolve(args.resolveDir, args.path));
          return isMember.has(file) ? { path: path.resolve(file) } : { path: specifier(group.out, file), external: true };
        });
      },
    }],
  });
  // Every other output imports the merged file instead of its members.
  for (const file of Object.keys(outputs).filter((f) => f.endsWith('.js') && !isMember.has(f))) {
    const text = readFileSync(file, 'utf8');
    const next = text.replace(IMPORT, (statement, names, spec) => {
      const target = repoPath(path.resolve(path.dirname(file), spec));
      if (!isMember.has(target)) return statement;
      const map = alias.get(target);
      const clause = names?.replace(/([A-Za-z_$][\w$]*)(\s+as\s+[A-Za-z_$][\w$]*)?/g, (m, name, as) => (map.get(name) === name ? m : `${map.get(name)}${as ?? ` as ${name}`}`));
      return `import ${clause ? `${clause} from ` : ''}${JSON.stringify(specifier(file, group.out))};`;
    });
    if (next !== text) writeFileSync(file, next);
  }
  for (const m of members) { rmSync(m); rmSync(`${m}.map`, { force: true }); }
  // An import the rewrite missed (esbuild printing imports otherwise) would fail at run time: fail the build instead.
  const names = members.map((m) => path.basename(m));
  for (const file of Object.keys(outputs).filter((f) => f.endsWith('.js') && !isMember.has(f))) {
    const text = readFileSync(file, 'utf8');
    const left = names.find((n) => text.includes(`/${n}"`));
    if (left) throw new Error(`build.mjs: ${file} still imports ${left}, merged into ${group.out}`);
  }
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
