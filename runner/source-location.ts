/**
 * Where a test's `source` was configured, for a device-setup failure's code frame: the `source:` line
 * of the spec's `test.use` holding that source, else the config file's (a project's `use`). A string
 * source is found by its literal; a descriptor by its `kind`. Null when the source came from the
 * environment (TREEWRIGHT_SOURCE) or is written where neither file shows it.
 */
import { readFileSync } from 'node:fs';
import type { SourceSpec } from '../src/devices/source.js';
import type { CallerLocation } from '../matchers/caller.js';

export function sourceLocation(spec: SourceSpec, files: ReadonlyArray<string | undefined>): CallerLocation | null {
  const needle = typeof spec === 'string' ? spec : `'${spec.kind}'`;
  for (const file of files) {
    if (!file) continue;
    let text: string;
    try { text = readFileSync(file, 'utf8'); } catch { continue; }
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const at = line.search(/\bsource\s*:/);
      if (at < 0) continue;
      // The value may follow on the next lines of a descriptor: look a few lines on for it.
      const value = lines.slice(i, i + 4).join('\n');
      if (value.includes(needle)) return { file, line: i + 1, column: at + 1 };
    }
  }
  return null;
}
