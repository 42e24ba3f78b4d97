// Every `§n` a source comment cites names a section of docs/design.md that exists.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './layers.js';

const REPO = path.resolve(import.meta.dirname, '../..');

/** The section numbers cited in `text` (`docs/design.md §5, §10` cites 5 and 10). */
function citations(text: string): number[] {
  return [...text.matchAll(/§\s*(\d+)/g)].map((m) => Number(m[1]));
}

test('every § reference in the code points to a section of docs/design.md', () => {
  const design = readFileSync(path.join(REPO, 'docs/design.md'), 'utf8');
  const sections = new Set([...design.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1])));
  expect([...sections].sort((a, b) => a - b)).toEqual(Array.from({ length: sections.size }, (_, i) => i + 1));
  const dangling: string[] = [];
  let cited = 0;
  for (const dir of ['src', 'runner', 'matchers', 'agents', 'tests', 'bench', 'examples']) {
    for (const f of sourceFiles(REPO, dir)) {
      const lines = readFileSync(path.join(REPO, f), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (f === 'tests/structure/design-refs.spec.ts') return;
        for (const n of citations(line)) {
          cited++;
          if (!sections.has(n)) dangling.push(`${f}:${i + 1} cites §${n}`);
        }
        if (/\bDESIGN\s*(\.md\s*)?§/.test(line)) dangling.push(`${f}:${i + 1} cites DESIGN, not docs/design.md`);
      });
    }
  }
  expect(dangling).toEqual([]);
  expect(cited).toBeGreaterThan(20);
});

test('citations are read one or several per line', () => {
  expect(citations('see docs/design.md §5, §10 and § 3')).toEqual([5, 10, 3]);
});
