// A bad `source` in test.use (a typo, a missing file, malformed JSON) fails with its code frame at the
// test.use line that configured it.
import { test, expect } from '@playwright/test';
import { runInner } from './inner.js';

test('a device-setup failure points at the test.use that set the source', async () => {
  test.setTimeout(90_000);
  const run = await runInner('source-failures', {
    'bad.json': '{ "format": ',
    'a.spec.ts': `import { test, expect } from 'treewright';
test.describe('missing', () => {
  test.use({ source: 'file:does-not-exist.json' });
  test('missing file', async ({ device }) => { await expect(device.getByRole('button')).toBeVisible(); });
});
test.describe('typo', () => {
  test.use({ source: 'refrence' });
  test('typo', async ({ device }) => { await expect(device.getByRole('button')).toBeVisible(); });
});
test.describe('malformed', () => {
  test.use({ source: 'file:bad.json' });
  test('malformed json', async ({ device }) => { await expect(device.getByRole('button')).toBeVisible(); });
});
`,
  });
  try {
    const [missing, typo, malformed] = run.tests;
    expect(missing!.error.location).toEqual({ file: run.file('a.spec.ts'), line: 3, column: expect.any(Number) });
    expect(missing!.error.snippet).toContain("test.use({ source: 'file:does-not-exist.json' });");
    expect(typo!.error.location?.line).toBe(7);
    expect(typo!.error.message).toContain('reference');
    expect(malformed!.error.location?.line).toBe(11);
  } finally {
    await run.remove();
  }
});
