// The package's build, in dist/:
// - its JavaScript as one ES-module bundle per entry point (esbuild), split into shared chunks so each
//   lazily imported part (a reader, a device kind, the MCP server, the HTML report) stays a file of its
//   own that loads on first use. A worker or a CLI process reads a few files instead of a few hundred.
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
/** The source folders the package ships declarations of. */
const PACKAGE_SOURCES = ['src', 'runner', 'matchers', 'agents'];
const TYPES_TMP = '.tmp/types';

function tsc(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', ...args], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

function bundle() {
  return build({
    entryPoints: Object.entries(ENTRIES).map(([out, in_]) => ({ out, in: in_ })),
    outdir: 'dist',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Dependencies stay in node_modules: the user's installed versions, loaded where they are used.
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  }).then(() => 0, () => 1);
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
