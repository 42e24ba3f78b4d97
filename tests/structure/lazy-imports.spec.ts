// Nothing is loaded until it is used (docs/design.md §3, loading): each entry a user starts — the
// core, the runner in a Playwright worker, the CLI's --version, --help and verify — is run from the
// build in a child process under a hook that records every file it loads (record-hook.mjs), and
// must load none of what it does not use. The build bundles several source modules into one file; a
// loaded file stands for the sources its source map names. Needs `npm run build`.
import { test, expect } from '@playwright/test';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execa } from 'execa';

const REPO = path.resolve(import.meta.dirname, '../..');
const HOOK = path.join(REPO, 'tests/structure/record-hook.mjs');

/** What a heavy or unrelated part is: a package by the path fragment of its modules, a part of treewright by the start of its sources' paths. */
const PART = {
  'the MCP SDK': '/node_modules/@modelcontextprotocol/sdk/',
  'Playwright': '/node_modules/playwright',
  'Playwright Test': '/node_modules/@playwright/test/',
  'the reference app': '/src/reference-app/',
  'MCP serving': '/src/mcp/',
  'the MCP shim': '/agents/',
  'the runner': '/runner/',
  'the matchers': '/matchers/',
  'pngjs': '/node_modules/pngjs/',
  'pixelmatch': '/node_modules/pixelmatch/',
  'execa': '/node_modules/execa/',
  'fast-xml-parser': '/node_modules/fast-xml-parser/',
  'tinyglobby': '/node_modules/tinyglobby/',
  're2js': '/node_modules/re2js/',
  'the devices': '/src/devices/',
  'the drift check': '/src/analysis/drift',
  'the golden check': '/src/checks/golden',
  'the HTML report': '/runner/reporter/',
  'zod': '/node_modules/zod/',
  'the confined writer': '/src/files/write-confined',
  // The readers of the formats a cmp-inspector capture is not in.
  'the uiautomator reader': '/src/formats/uiautomator',
  'the XML scanner': '/src/formats/xml-',
  'the Apple readers': '/src/formats/apple',
  'the XCUITest reader': '/src/formats/xcuitest',
  'the MoUI reader': '/src/formats/moui',
  'the JetWhale reader': '/src/formats/jetwhale',
  'the Maestro reader': '/src/formats/maestro',
  'the snapshot JSON reader': '/src/formats/snapshot-json',
} as const;
type Part = keyof typeof PART;

/** A loaded module: a package's file, or a treewright source module (`/src/…`, `/runner/…`) held by a loaded file of the build. */
interface Loaded { url: string; by: string }

/** The sources a file of the build holds, repository-relative (`/src/formats/cmp.ts`), from its source map. */
async function sourcesOf(file: string): Promise<string[]> {
  const map = `${file}.map`;
  if (!existsSync(map)) return [];
  const { sources } = JSON.parse(await readFile(map, 'utf8')) as { sources: string[] };
  return sources.map((s) => path.resolve(path.dirname(map), s).slice(REPO.length));
}

/** Runs node with `args` under the recording hook; what it loaded (its own files relative to the repository). */
async function loadedBy(args: string[]): Promise<{ loaded: Loaded[]; exitCode: number; stdout: string; stderr: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-loaded-'));
  try {
    const file = path.join(dir, 'loaded.txt');
    const r = await execa(process.execPath, ['--import', HOOK, ...args], { cwd: REPO, reject: false, env: { TW_LOADED: file, NODE_OPTIONS: '' } });
    const repoUrl = pathToFileURL(REPO).href;
    const loaded = new Map<string, Loaded>(); // by URL: the first module that asked for it
    for (const line of (await readFile(file, 'utf8')).split('\n').filter(Boolean)) {
      const [kind, where, by] = line.split(' ');
      const url = (kind === 'cjs' ? pathToFileURL(where!).href : where!).replace(repoUrl, '');
      if (loaded.has(url)) continue;
      const importer = (by ?? '(require)').replace(repoUrl, '');
      loaded.set(url, { url, by: importer });
      if (url.startsWith('/dist/')) {
        for (const source of await sourcesOf(fileURLToPath(`${repoUrl}${url}`))) {
          if (!loaded.has(source)) loaded.set(source, { url: source, by: `${url}, imported by ${importer}` });
        }
      }
    }
    return { loaded: [...loaded.values()], exitCode: r.exitCode ?? -1, stdout: r.stdout, stderr: r.stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Each part of `parts` that was loaded, as `part: module (imported by …)`, its first module only. */
function partsLoaded(loaded: readonly Loaded[], parts: readonly Part[], except: readonly string[] = []): string[] {
  return parts.flatMap((part) => {
    const fragment = PART[part];
    const own = !fragment.startsWith('/node_modules/');
    const hit = loaded.find((l) => (own ? l.url.startsWith(fragment) : l.url.includes(fragment)) && !except.some((e) => l.url.includes(e)));
    return hit ? [`${part}: ${hit.url} (imported by ${hit.by})`] : [];
  });
}

const importing = (...specs: string[]) => ['--input-type=module', '-e', specs.map((s) => `await import(${JSON.stringify(s)});`).join(' ')];
const BIN = 'bin/treewright.js';
const CAPTURE = 'fixtures/trees/a11y-tree.json';

test('treewright/core loads no device transport, Playwright, MCP code, reference app, runner, image library or zod', async () => {
  const r = await loadedBy(importing('treewright/core'));
  expect(r.stderr).toBe('');
  expect(r.loaded.some((l) => l.url === '/dist/src/index.js')).toBe(true);
  expect(partsLoaded(r.loaded, [
    'the MCP SDK', 'Playwright', 'Playwright Test', 'the reference app', 'MCP serving', 'the MCP shim', 'the runner', 'the matchers',
    'pngjs', 'pixelmatch', 'execa', 'fast-xml-parser', 'tinyglobby', 're2js', 'zod',
  ])).toEqual([]);
});

test('treewright in a Playwright worker adds no MCP code, reference app, process runner, image library or zod', async () => {
  const r = await loadedBy(importing('@playwright/test', 'treewright'));
  expect(r.stderr).toBe('');
  expect(r.loaded.some((l) => l.url === '/dist/runner/index.js')).toBe(true);
  expect(partsLoaded(r.loaded, ['the MCP SDK', 'the reference app', 'MCP serving', 'the MCP shim', 'pngjs', 'pixelmatch', 'execa', 'fast-xml-parser', 'tinyglobby', 're2js', 'zod'])).toEqual([]);
});

for (const args of [['--version'], ['--help'], ['verify', '--help'], ['mcp', '--help'], ['inspector', '--help']]) {
  test(`treewright ${args.join(' ')} loads no package and no core module beyond the errors, the usage words and the stdout writer`, async () => {
    const r = await loadedBy([BIN, ...args]);
    expect(r.exitCode).toBe(0);
    expect(r.loaded.filter((l) => l.url.includes('/node_modules/')).map((l) => l.url)).toEqual([]);
    const core = r.loaded.filter((l) => l.url.startsWith('/src/')).map((l) => l.url.slice('/src/'.length));
    expect(core.filter((f) => !['errors.ts', 'common/words.ts', 'common/package-root.ts', 'devices/source-forms.ts', 'files/stdout.ts'].includes(f))).toEqual([]);
  });
}

test('treewright verify <capture> --checks a11y loads only what the a11y check and the line report need', async () => {
  const r = await loadedBy([BIN, 'verify', CAPTURE, '--checks', 'a11y']);
  expect(r.exitCode).toBe(1); // the capture has findings
  expect(r.loaded.some((l) => l.url === '/src/formats/cmp.ts')).toBe(true);
  expect(partsLoaded(r.loaded, [
    // Only the reader of the capture's format (cmp-inspector JSON).
    'the uiautomator reader', 'the XML scanner', 'the Apple readers', 'the XCUITest reader', 'the MoUI reader', 'the JetWhale reader', 'the Maestro reader', 'the snapshot JSON reader',
    'the MCP SDK', 'Playwright', 'Playwright Test', 'the reference app', 'MCP serving', 'the MCP shim', 'the matchers',
    'pngjs', 'pixelmatch', 'execa', 'fast-xml-parser', 'the devices', 'the drift check', 'the golden check', 'the HTML report', 'zod',
    // A plain file path needs no glob engine; the line report writes no file.
    'tinyglobby', 'the confined writer',
  ])).toEqual([]);
});

test('a schema is built, and zod loaded, at its first use: zod\'s ES module, the one `import \'zod\'` gives', async () => {
  const code = [
    "const core = await import('treewright/core');",
    "const parsed = core.RectSchema.safeParse({ x: 0, y: 0, width: -1, height: 0 });",
    "const { z } = await import('zod');",
    "const nullable = core.RoleSchema.nullable();",
    "console.log(JSON.stringify([parsed.success, core.RectSchema instanceof z.ZodType, nullable.parse(null), core.RoleSchema.options.includes('Button')]));",
  ].join(' ');
  const r = await loadedBy(['--input-type=module', '-e', code]);
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout)).toEqual([false, true, null, true]);
  expect(partsLoaded(r.loaded, ['zod'])).toHaveLength(1);
  // zod's CommonJS build beside its ES module would be a second zod.
  expect(r.loaded.filter((l) => l.url.includes('/node_modules/zod/') && l.url.endsWith('.cjs')).map((l) => l.url)).toEqual([]);
});

test('the recording sees ES modules and CommonJS alike (the checks can fail)', async () => {
  const r = await loadedBy(importing('treewright/core', '@modelcontextprotocol/sdk/client/index.js', '@playwright/test'));
  expect(r.stderr).toBe('');
  const hits = partsLoaded(r.loaded, ['the MCP SDK', 'Playwright Test', 'Playwright']);
  expect(hits).toHaveLength(3);
  expect(hits[0]).toMatch(/^the MCP SDK: \/node_modules\/@modelcontextprotocol\/sdk\/\S+ \(imported by /);
  // playwright-core is CommonJS, required by Playwright's own modules: seen through require's cache.
  expect(r.loaded.some((l) => l.url.includes('/node_modules/playwright-core/') && l.by === '(require)')).toBe(true);
});
