/**
 * treewright's Playwright reporter:
 *
 *   reporter: [['list'], ['treewright/reporter', { outputFolder: 'treewright-report', open: 'never' }]]
 *
 * writes `<outputFolder>/index.html` (self-contained) at the end of the run and prints a one-paragraph
 * summary. It reads only what treewright's matchers and fixture attached (see matchers/report-attach.ts),
 * so `npx playwright merge-reports --config <config with this reporter> <blob dir>` of sharded runs gives
 * the same report as an unsharded run. See README.md beside this file.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite } from '@playwright/test/reporter';
import { TargetError } from '../../src/errors.js';
import { countModel, modelFromSuite } from './model.js';
import { summaryText } from './summary.js';
import { writeReport } from './write.js';

export interface TreewrightReporterOptions {
  /** Where index.html goes, relative to the config file's folder. Default `treewright-report`. */
  outputFolder?: string;
  /** Open the report in the default browser: `never` (default), `always`, or `on-failure`. Never on CI. */
  open?: 'never' | 'always' | 'on-failure';
  /** The page's title. */
  title?: string;
  /** Passed by Playwright: the config file's folder. */
  configDir?: string;
}

const OPEN = ['never', 'always', 'on-failure'] as const;

export default class TreewrightReporter implements Reporter {
  private config: FullConfig | null = null;
  private suite: Suite | null = null;
  private readonly options: TreewrightReporterOptions;

  constructor(options: TreewrightReporterOptions = {}) {
    if (options.open !== undefined && !OPEN.includes(options.open)) {
      throw new TargetError('invalid_arguments', `treewright/reporter: open ${JSON.stringify(options.open)}`, { hint: "Use 'never', 'always' or 'on-failure'." });
    }
    if (options.outputFolder !== undefined && (typeof options.outputFolder !== 'string' || options.outputFolder === '')) {
      throw new TargetError('invalid_arguments', 'treewright/reporter: outputFolder must be a non-empty path', { hint: "e.g. { outputFolder: 'treewright-report' }" });
    }
    this.options = options;
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.config = config;
    this.suite = suite;
  }

  async onEnd(result: FullResult): Promise<void> {
    if (!this.config || !this.suite) return;
    const base = this.options.configDir ?? (this.config.configFile ? path.dirname(this.config.configFile) : process.cwd());
    const outDir = path.resolve(base, this.options.outputFolder ?? 'treewright-report');
    const model = modelFromSuite(this.config, this.suite, this.options.title);
    const file = await writeReport(model, outDir);
    const shown = path.relative(process.cwd(), file) || file;
    process.stdout.write(`\n${summaryText(countModel(model), shown)}\n`);
    const open = this.options.open ?? 'never';
    if (!process.env.CI && (open === 'always' || (open === 'on-failure' && result.status !== 'passed'))) openFile(file);
  }
}

/** Opens a file with the desktop's default application, detached; failures are ignored (headless machines). */
function openFile(file: string): void {
  const [cmd, args] = process.platform === 'darwin' ? ['open', [file]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', file]] : ['xdg-open', [file]];
  try {
    const child = spawn(cmd, args as string[], { detached: true, stdio: 'ignore' });
    child.on('error', () => {});
    child.unref();
  } catch {
    // Nothing to open it with: the path is printed above.
  }
}

export { writeHtmlReport, modelFromVerify, type VerifyTreeResult } from './verify-html.js';
export { modelFromSuite, countModel, type ReportModel, type ReportTest, type ReportAttempt, type ReportStep, type ReportCounts } from './model.js';
export { renderReportHtml } from './html.js';
export { summaryText } from './summary.js';
export { writeReport } from './write.js';
