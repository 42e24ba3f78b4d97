import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderReportHtml } from './html.js';
import type { ReportModel } from './model.js';

/**
 * Writes `<outDir>/index.html` for a model (through a temporary file and a rename, so a reader never
 * sees half a page) and returns its absolute path. Nothing else is written: the page is self-contained.
 */
export async function writeReport(model: ReportModel, outDir: string): Promise<string> {
  const dir = path.resolve(outDir);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'index.html');
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, renderReportHtml(model));
  await rename(tmp, file);
  return file;
}
