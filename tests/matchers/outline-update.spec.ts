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

test('-u writes the merged form the outline prints (a Compose control headed by its role), and the raw form under merged: false', async () => {
  test.setTimeout(180_000);
  const spec = `import { test, expect } from 'treewright';
test.use({ source: 'file:\${FIXTURES}/uiautomator/005.xml' });
test('merged', async ({ device }) => {
  await expect(device).toMatchOutline(\`
    - Button "Cancelado"
  \`);
});
test('raw', async ({ device }) => {
  await expect(device).toMatchOutline(\`
    - Button "Cancelado"
  \`, { merged: false });
});
`;
  const run = await runInner('outline-update-merged', { 'a.spec.ts': spec }, ['--update-snapshots=none']);
  try {
    expect(run.exitCode).toBe(1);
    // The failure shows the merged form: the button by its role and name, no clickable View holding a role child.
    expect(run.tests[0]!.error.message).toContain('+ - Button "Cancelar"');
    expect(run.tests[0]!.error.message).not.toContain('View children=2 [clickable]');
    // Raw, the name is on the clickable View and the Button is its empty role child.
    expect(run.tests[1]!.error.message).toContain('Nearest match: the children of View #12 [clickable]');
    expect(run.tests[1]!.error.message).toContain('- - Button "Cancelado"\n+ - Button\n');
    const updated = await run.again(['--update-snapshots=changed', '--update-source-method=overwrite']);
    expect(updated.exitCode, updated.stdout + updated.stderr).toBe(0);
    const written = await readFile(run.file('a.spec.ts'), 'utf8');
    const [merged, raw] = written.split("test('raw'");
    expect(merged).toContain('    - Button "Cancelar"\n');
    expect(merged).toContain('    - Button children=1 [clickable]\n');
    expect(merged).not.toContain('View children=2');
    expect(raw).toContain('    - Text "Cancelar"\n    - Button\n');
    const plain = await run.again([]);
    expect(plain.exitCode, plain.stdout).toBe(0);
    expect(plain.stdout).toMatch(/2 passed/);
  } finally {
    await run.remove();
  }
});
