import { argsProblem } from '../../src/common/words.js';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isTreewrightError, reasonOf } from '../../src/errors.js';
import { CHECK_KINDS, parseFailOn, type CheckKind, type Severity } from '../../src/common/finding.js';
import type { CatalogIndex } from '../../src/analysis/drift.js';
import { checkTree, type TreeResult, type VerifyOptions } from './check.js';
import { jsonReport, lineReport, summarize } from './reporters.js';
import { Progress } from './progress.js';
import { VERIFY_USAGE } from './usage.js';
import { findTrees } from './find-trees.js';
import { NATIVE_PLATFORMS, type NativePlatform } from '../../src/analysis/a11y-platform.js';
import { writeStdout } from '../../src/files/stdout.js';

const REPORTERS = ['line', 'json', 'junit', 'html'] as const;

export interface VerifyIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** `treewright verify`: the CI lane over captured files. Returns the exit code. */
export async function runVerify(argv: string[], io: VerifyIo = { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env }): Promise<number> {
  const usage = (msg: string) => { io.stderr.write(`treewright verify: ${msg.split('\n')[0]}\n  → Run treewright verify --help for its options.\n`); return 2; };
  let values, positionals;
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        catalog: { type: 'string' }, golden: { type: 'string' }, update: { type: 'boolean', default: false },
        checks: { type: 'string' }, 'fail-on': { type: 'string', default: 'error' }, tolerance: { type: 'string', default: '1' }, density: { type: 'string' }, platform: { type: 'string' },
        reporter: { type: 'string', default: 'line' }, 'out-dir': { type: 'string', default: 'treewright-verify' }, help: { type: 'boolean', short: 'h', default: false },
        root: { type: 'string' }, 'max-visited': { type: 'string' },
      },
    }));
  } catch (e) {
    return usage(argsProblem((e as Error).message));
  }
  if (values.help) { await writeStdout(VERIFY_USAGE, io.stdout); return 0; }
  if (!positionals.length) return usage('no trees given');
  const reporters = values.reporter!.split(',').map((r) => r.trim()).filter(Boolean);
  const badReporter = reporters.find((r) => !(REPORTERS as readonly string[]).includes(r));
  if (badReporter) return usage(`unknown reporter "${badReporter}" (${REPORTERS.join(', ')})`);
  let failOn: Severity;
  try {
    failOn = parseFailOn(values['fail-on'], '--fail-on');
  } catch (e) {
    return usage(reasonOf(e));
  }
  const tolerancePx = Number(values.tolerance);
  if (!(tolerancePx >= 0)) return usage(`--tolerance takes a number of px ≥ 0, got "${values.tolerance}"`);
  const density = values.density !== undefined ? Number(values.density) : undefined;
  if (density !== undefined && !(density > 0)) return usage(`--density takes px per dp > 0 (e.g. 2.625), got "${values.density}"`);
  const platform = values.platform;
  if (platform !== undefined && !(NATIVE_PLATFORMS as readonly string[]).includes(platform)) {
    return usage(`--platform takes ${NATIVE_PLATFORMS.join(', ')}, got "${platform}"${platform === 'web' ? ' (a web page is judged by the web\'s rules without it)' : ''}`);
  }
  const enabled: CheckKind[] = ['a11y', ...(values.catalog ? ['drift' as const] : []), ...(values.golden ? ['golden' as const] : [])];
  const checks = values.checks ? values.checks.split(',').map((c) => c.trim()) as CheckKind[] : enabled;
  for (const c of checks) {
    if (!(CHECK_KINDS as readonly string[]).includes(c)) return usage(`unknown check "${c}" (${CHECK_KINDS.join(', ')})`);
    if (c === 'drift' && !values.catalog) return usage('the drift check needs --catalog <file>');
    if (c === 'golden' && !values.golden) return usage('the golden check needs --golden <dir>');
  }
  if (values.update && !checks.includes('golden')) return usage('--update writes goldens: give --golden <dir>');

  // The drift check's code, the junit writer and the HTML report are loaded only when asked for.
  let catalog: CatalogIndex | undefined;
  try {
    if (values.catalog) {
      const [{ indexCatalog }, { loadCatalog }] = await Promise.all([import('../../src/analysis/drift.js'), import('../../src/files/catalog-file.js')]);
      catalog = indexCatalog(await loadCatalog(values.catalog, { cwd: io.cwd }));
    }
  } catch (e) {
    io.stderr.write(`treewright verify: ${isTreewrightError(e) ? e.message : (e as Error).message}\n`);
    return 2;
  }

  const maxVisited = values['max-visited'] !== undefined ? Number(values['max-visited']) : undefined;
  if (maxVisited !== undefined && !(Number.isInteger(maxVisited) && maxVisited > 0)) return usage(`--max-visited takes a whole number > 0, got "${values['max-visited']}"`);
  let files: string[];
  try {
    files = await findTrees(positionals, { cwd: io.cwd, ...(values.root !== undefined ? { root: values.root } : {}), ...(maxVisited !== undefined ? { maxVisited } : {}) });
  } catch (e) {
    if (!isTreewrightError(e)) throw e;
    io.stderr.write(`treewright verify: ${e.reason}\n${e.hint ? `  → ${e.hint}\n` : ''}`);
    return 2;
  }
  if (!files.length) {
    io.stderr.write(`treewright verify: no file matches ${positionals.map((p) => JSON.stringify(p)).join(' ')} (from ${io.cwd})\n  → Quote globs so the shell does not expand them, and check the path.\n`);
    return 2;
  }

  const opts: VerifyOptions = { checks, ...(catalog ? { catalog } : {}), ...(values.golden ? { goldenDir: values.golden } : {}), update: values.update!, failOn, tolerancePx, cwd: io.cwd, keepSnapshots: reporters.includes('html'), ...(density ? { density } : {}), ...(platform !== undefined ? { platform: platform as NativePlatform } : {}) };
  const progress = new Progress(io.stderr, files.length, !io.env.CI && !!io.stderr.isTTY);
  const t0 = performance.now();
  const results: TreeResult[] = [];
  for (const file of files) {
    const r = await checkTree(file, opts);
    results.push(r);
    progress.tick(r.error !== undefined || r.checks.some((c) => c.status === 'failed'));
  }
  progress.done();
  const summary = summarize(results, (performance.now() - t0) / 1000);

  const outDir = path.resolve(io.cwd, values['out-dir']!);
  for (const r of reporters) {
    // A full disk on stdout is a StdoutError (one line, exit 2 in runner/cli.ts); a reader gone (EPIPE) ends the report quietly.
    if (r === 'line') await writeStdout(lineReport(results, summary), io.stdout);
    else {
      let file: string;
      if (r === 'html') {
        // The same page the Playwright reporter writes, with wireframes of each failing tree.
        const { writeHtmlReport } = await import('../reporter/verify-html.js');
        file = await writeHtmlReport(results, outDir, { title: 'treewright verify' });
      } else {
        const name = r === 'json' ? 'results.json' : 'junit.xml';
        const text = r === 'json' ? jsonReport(results, summary) : (await import('./junit.js')).junitReport(results, summary);
        const { writeConfined } = await import('../../src/files/write-confined.js');
        file = await writeConfined(outDir, name, text, { shown: path.join(values['out-dir']!, name), what: `the ${r} report` });
      }
      io.stderr.write(`treewright verify: ${r} report written to ${path.relative(io.cwd, file) || file}\n`);
    }
  }
  if (summary.unreadable) return 2;
  return summary.failing ? 1 : 0;
}
