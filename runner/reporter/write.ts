import path from 'node:path';
import { writeAtomic } from '../../src/files/write-atomic.js';
import { renderReportHtml } from './html.js';
import type { ReportModel } from './model.js';

/**
 * Writes `<outDir>/index.html` for a model (through a temporary file and a rename, so a reader never
 * sees half a page) and returns its absolute path. Nothing else is written: the page is self-contained.
 */
export async function writeReport(model: ReportModel, outDir: string): Promise<string> {
  const file = path.join(path.resolve(outDir), 'index.html');
  await writeAtomic(file, renderReportHtml(model));
  return file;
}
