// `npm run build`: the package's JavaScript as one ES-module bundle per entry point (esbuild), split
// into shared chunks so each lazily imported part (a reader, a device kind, the MCP server, the HTML
// report) stays a file of its own that loads on first use; and the declarations from tsc, one .d.ts
// per source file, which the type check of the same sources writes. A worker or a CLI process then
// reads a few files instead of a few hundred, which is most of treewright's start-up.
//
// Every file the package's exports, its bin and its tools name is an entry here (ENTRIES); a source
// map per file points back at the shipped .ts sources.
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

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

rmSync('dist', { recursive: true, force: true });

const declarations = new Promise((resolve) => {
  const tsc = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  tsc.on('close', (code) => resolve(code ?? 1));
});

const bundled = build({
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

const [tscCode, bundleCode] = await Promise.all([declarations, bundled]);
process.exit(tscCode || bundleCode);
