/**
 * Runs a small Playwright project of its own (a temp folder under .tmp/ with treewright linked in as a
 * user has it in node_modules), with the json and treewright reporters, and reads back what a user sees:
 * each test's first error (message, location, snippet, stack), its attachment names, the summary line.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';

const REPO = path.resolve(import.meta.dirname, '..', '..');

export interface InnerTest {
  title: string;
  status: string;
  error: { message: string; stack: string; location?: { file: string; line: number; column: number }; snippet: string };
  attachments: string[];
}

export interface InnerRun {
  dir: string;
  exitCode: number;
  stdout: string;
  stderr: string;
  tests: InnerTest[];
  file(name: string): string;
  read(name: string): Promise<string>;
  /** Runs the same project again (e.g. with -u). */
  again(args: string[]): Promise<InnerRun>;
  remove(): Promise<void>;
}

const CONFIG = `import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: 'specs', workers: 1, retries: 0, timeout: 30_000, expect: { timeout: 300 },
  reporter: [['list'], ['treewright/reporter', { outputFolder: 'report', open: 'never' }], ['json', { outputFile: 'results.json' }]],
});
`;

interface JsonSuite { specs?: Array<{ title: string; tests: Array<{ results: Array<{ status: string; errors: Array<{ message?: string; stack?: string; location?: InnerTest['error']['location']; snippet?: string }>; error?: { message?: string; stack?: string; location?: InnerTest['error']['location']; snippet?: string }; attachments: Array<{ name: string }> }> }> }>; suites?: JsonSuite[] }

function flatten(s: JsonSuite, out: InnerTest[]): void {
  for (const spec of s.specs ?? []) {
    const r = spec.tests[0]!.results.at(-1)!;
    const e = r.error ?? r.errors[0] ?? {};
    out.push({ title: spec.title, status: r.status, error: { message: strip(e.message ?? ''), stack: strip(e.stack ?? ''), ...(e.location ? { location: e.location } : {}), snippet: strip(e.snippet ?? '') }, attachments: r.attachments.map((a) => a.name) });
  }
  for (const c of s.suites ?? []) flatten(c, out);
}

const ESC = String.fromCharCode(27);
const strip = (s: string) => s.split(ESC).map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, ''))).join('');

/** Writes `specs/<name>` files (`${FIXTURES}` becomes the repo's fixtures folder) and runs them. */
export async function runInner(name: string, specs: Record<string, string>, args: string[] = []): Promise<InnerRun> {
  if (!existsSync(path.join(REPO, 'dist/runner/index.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
  await mkdir(path.join(REPO, '.tmp'), { recursive: true });
  const dir = await mkdtemp(path.join(REPO, '.tmp', `${name}-`));
  await mkdir(path.join(dir, 'specs'), { recursive: true });
  await mkdir(path.join(dir, 'node_modules'));
  await symlink(REPO, path.join(dir, 'node_modules', 'treewright'), 'dir');
  await writeFile(path.join(dir, 'playwright.config.ts'), CONFIG);
  for (const [f, text] of Object.entries(specs)) {
    await mkdir(path.dirname(path.join(dir, 'specs', f)), { recursive: true });
    await writeFile(path.join(dir, 'specs', f), text.replaceAll('${FIXTURES}', path.join(REPO, 'fixtures')));
  }
  return run(dir, args);
}

async function run(dir: string, args: string[]): Promise<InnerRun> {
  await rm(path.join(dir, 'results.json'), { force: true });
  const r = await execa('node', [path.join(REPO, 'node_modules/@playwright/test/cli.js'), 'test', ...args], {
    cwd: dir, reject: false, env: { CI: '', FORCE_COLOR: '0', TREEWRIGHT_SOURCE: '' },
  });
  const json = JSON.parse(await readFile(path.join(dir, 'results.json'), 'utf8').catch(() => 'null')) as JsonSuite | null;
  const tests: InnerTest[] = [];
  if (json) flatten(json, tests);
  return {
    dir, exitCode: r.exitCode ?? -1, stdout: strip(r.stdout), stderr: strip(r.stderr), tests,
    file: (n) => path.join(dir, 'specs', n),
    read: (n) => readFile(path.join(dir, n), 'utf8'),
    again: (a) => run(dir, a),
    remove: () => (process.env.TREEWRIGHT_KEEP_TMP ? Promise.resolve() : rm(dir, { recursive: true, force: true })),
  };
}
