// -u with toMatchAriaSnapshot: Playwright's source rebaselining rewrites an inline template in the spec
// file in the same syntax and fills in an empty one; { name } writes and updates <name>.aria.yml (and, unnamed, the file Playwright would name); the next plain run passes.
import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runInner } from '../runner/inner.js';

const SPEC = `import { test, expect } from 'treewright';
test.use({ source: 'file:\${FIXTURES}/uiautomator/005.xml' });
test('inline', async ({ device }) => {
  await expect(device).toMatchAriaSnapshot(\`
    - button "Cancel"
    - button "Save"
  \`);
});
test('empty', async ({ device }) => {
  await expect(device.byRole('Button', { name: 'Cancelar' })).toMatchAriaSnapshot('');
});
test('anonymous', async ({ device }) => {
  await expect(device.byRole('Button', { name: 'Cancelar' })).toMatchAriaSnapshot();
});
test('named', async ({ device }) => {
  await expect(device.byRole('Button', { name: 'Guardar' })).toMatchAriaSnapshot({ name: 'save' });
});
`;

test('-u rewrites the inline template and writes the named file; the next plain run passes', async () => {
  test.setTimeout(180_000); // three Playwright runs in a row, as golden.spec.ts
  const run = await runInner('aria-update', { 'a.spec.ts': SPEC }, ['--update-snapshots=none']);
  try {
    // Without updating: the inline template fails with its diff; the missing file says how to create it.
    expect(run.exitCode).toBe(1);
    const inline = run.tests[0]!.error.message;
    expect(inline).toContain('expect(device).toMatchAriaSnapshot(expected) failed');
    expect(inline).toContain('- - button "Cancel"');
    expect(inline).toContain('+ - button "Cancelar"');
    expect(run.tests[1]!.error.message).toContain('toMatchAriaSnapshot: the template is empty.');
    expect(run.tests[2]!.error.message).toContain("A snapshot doesn't exist at specs/a.spec.ts-snapshots/anonymous-1.aria.yml");
    expect(run.tests[3]!.error.message).toContain("A snapshot doesn't exist at specs/a.spec.ts-snapshots/save.aria.yml");
    const updated = await run.again(['--update-snapshots=changed', '--update-source-method=overwrite']);
    expect(updated.exitCode, updated.stdout + updated.stderr).toBe(0);
    const spec = await readFile(run.file('a.spec.ts'), 'utf8');
    expect(spec).toContain([
      'toMatchAriaSnapshot(`',
      '    - text: "Recargar stock Stock actual: -2 uds. ¿Cuántas unidades añades?"',
      '    - textbox',
      '    - button "Cancelar"',
      '    - button "Guardar"',
      '  `);',
    ].join('\n'));
    expect(spec).not.toContain('"Cancel"');
    // The empty template is filled in from the locator's subtree.
    expect(spec).toContain("toMatchAriaSnapshot(`\n    - button \"Cancelar\"\n  `);");
    expect(await readFile(path.join(run.dir, 'specs/a.spec.ts-snapshots/save.aria.yml'), 'utf8')).toBe('- button "Guardar"\n');
    // Without a name, the file is named as Playwright names it: the test's title and a count.
    expect(await readFile(path.join(run.dir, 'specs/a.spec.ts-snapshots/anonymous-1.aria.yml'), 'utf8')).toBe('- button "Cancelar"\n');
    const plain = await run.again([]);
    expect(plain.exitCode, plain.stdout).toBe(0);
    expect(plain.stdout).toMatch(/4 passed/);
  } finally {
    await run.remove();
  }
});
