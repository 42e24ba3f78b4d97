// toMatchOutline({ name }) with -u from a locator that matches nothing: the matcher's layout, nothing
// written (the rewriting itself: template-update.spec.ts).
import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runInner } from '../runner/inner.js';

test('writing a named template from a locator that matches nothing fails in the matcher layout, writing nothing', async () => {
  test.setTimeout(120_000);
  const spec = `import { test, expect } from 'treewright';
test.use({ source: 'file:\${FIXTURES}/uiautomator/005.xml' });
test('nothing there', async ({ device }) => {
  await expect(device.byText('No such text')).toMatchOutline({ name: 'ghost' });
});
`;
  const run = await runInner('outline-none', { 'a.spec.ts': spec }, ['--update-snapshots=missing']);
  try {
    expect(run.exitCode).toBe(1);
    const message = run.tests[0]!.error.message;
    expect(message).toContain('expect(locator).toMatchOutline({ name }) failed');
    expect(message).toMatch(/Locator: {2}byText\('No such text'\)/);
    expect(message).toContain('Expected: a node to write specs/a.spec.ts-snapshots/ghost.outline from');
    expect(message).toContain('Received: <element(s) not found>');
    await expect(readFile(path.join(run.dir, 'specs/a.spec.ts-snapshots/ghost.outline'), 'utf8')).rejects.toThrow(/ENOENT/);
  } finally {
    await run.remove();
  }
});
