// Item 5 of #13: -u rewrites inline toMatchOutline templates in the spec file (Playwright's source
// rebaselining, as for toMatchAriaSnapshot) and writes / updates named template files.
import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runInner } from '../runner/inner.js';

const SPEC = `import { test, expect } from 'treewright';
test.use({ source: 'file:\${FIXTURES}/uiautomator/005.xml' });
test('inline', async ({ device }) => {
  await expect(device.byRole('TextField')).toMatchOutline(\`
    - Text "Wrong label"
  \`);
});
test('named', async ({ device }) => {
  await expect(device.byText('Guardar')).toMatchOutline({ name: 'save' });
});
`;

test('-u rewrites the inline template and writes the named one; the next plain run passes', async () => {
  test.setTimeout(120_000);
  const run = await runInner('outline-update', { 'a.spec.ts': SPEC }, ['--update-snapshots=none']);
  try {
    // Without updating: the inline template fails with its diff, the missing file says how to create it.
    expect(run.exitCode).toBe(1);
    expect(run.tests[0]!.error.message).toContain('- Text "Wrong label"');
    expect(run.tests[1]!.error.message).toContain("A template file doesn't exist at specs/a.spec.ts-snapshots/save.outline");
    const updated = await run.again(['--update-snapshots=changed', '--update-source-method=overwrite']);
    expect(updated.exitCode, updated.stdout + updated.stderr).toBe(0);
    const spec = await readFile(run.file('a.spec.ts'), 'utf8');
    expect(spec).toContain('toMatchOutline(`\n    - Text "Unidades a añadir"\n  `);'); // the nearest region, in the template's form
    expect(spec).not.toContain('Wrong label');
    const saved = await readFile(path.join(run.dir, 'specs/a.spec.ts-snapshots/save.outline'), 'utf8');
    expect(saved).toBe('- Text "Guardar"\n');
    const plain = await run.again([]);
    expect(plain.exitCode, plain.stdout).toBe(0);
    expect(plain.stdout).toMatch(/2 passed/);
  } finally {
    await run.remove();
  }
});

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
