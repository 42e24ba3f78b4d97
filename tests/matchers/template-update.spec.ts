// -u with toMatchAriaSnapshot and toMatchOutline (Playwright's source rebaselining): an inline template
// is rewritten in the spec file in the same syntax (an empty one filled in), { name } writes and updates
// <name>.aria.yml / <name>.outline (unnamed, the file Playwright would name), toMatchOutline writes the
// merged form the outline prints (the raw form under merged: false); the next plain run passes. One
// inner project holds the three spec files, so the three runs are made once.
import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runInner, type InnerRun } from '../runner/inner.js';

const ARIA = `import { test, expect } from 'treewright';
test.use({ source: 'file:\${FIXTURES}/uiautomator/005.xml' });
// Fails on purpose until -u rewrites it: an expected failure, so Playwright keeps its worker for the next test.
test.beforeEach(({}, info) => { test.fail(info.config.updateSnapshots === 'none', 'the templates are wrong until -u'); });
test('aria inline', async ({ device }) => {
  await expect(device).toMatchAriaSnapshot(\`
    - button "Cancel"
    - button "Save"
  \`);
});
test('aria empty', async ({ device }) => {
  await expect(device.byRole('Button', { name: 'Cancelar' })).toMatchAriaSnapshot('');
});
test('aria anonymous', async ({ device }) => {
  await expect(device.byRole('Button', { name: 'Cancelar' })).toMatchAriaSnapshot();
});
test('aria named', async ({ device }) => {
  await expect(device.byRole('Button', { name: 'Guardar' })).toMatchAriaSnapshot({ name: 'save' });
});
`;

const OUTLINE = `import { test, expect } from 'treewright';
test.use({ source: 'file:\${FIXTURES}/uiautomator/005.xml' });
// Fails on purpose until -u rewrites it: an expected failure, so Playwright keeps its worker for the next test.
test.beforeEach(({}, info) => { test.fail(info.config.updateSnapshots === 'none', 'the templates are wrong until -u'); });
test('outline inline', async ({ device }) => {
  await expect(device.byRole('TextField')).toMatchOutline(\`
    - Text "Wrong label"
  \`);
});
test('outline named', async ({ device }) => {
  await expect(device.byText('Guardar')).toMatchOutline({ name: 'save' });
});
`;

const MERGED = `import { test, expect } from 'treewright';
test.use({ source: 'file:\${FIXTURES}/uiautomator/005.xml' });
// Fails on purpose until -u rewrites it: an expected failure, so Playwright keeps its worker for the next test.
test.beforeEach(({}, info) => { test.fail(info.config.updateSnapshots === 'none', 'the templates are wrong until -u'); });
test('outline merged', async ({ device }) => {
  await expect(device).toMatchOutline(\`
    - Button "Cancelado"
  \`);
});
test('outline raw', async ({ device }) => {
  await expect(device).toMatchOutline(\`
    - Button "Cancelado"
  \`, { merged: false });
});
`;

const error = (run: InnerRun, title: string) => {
  const t = run.tests.find((x) => x.title === title);
  if (!t) throw new Error(`no inner test ${title}: ${run.stdout}`);
  return t.error.message;
};

test('-u rewrites inline templates and writes named files, in the merged form unless merged: false; the next plain run passes', async () => {
  test.setTimeout(240_000); // three Playwright runs in a row, as golden.spec.ts
  const run = await runInner('template-update', { 'aria.spec.ts': ARIA, 'outline.spec.ts': OUTLINE, 'merged.spec.ts': MERGED }, ['--update-snapshots=none']);
  try {
    // Without updating: each inline template fails with its diff; a missing file says how to create it.
    // All eight fail (as they declare, so the run exits 0), and only they run.
    expect(run.tests.map((t) => `${t.title}: ${t.status}`)).toEqual(['aria inline', 'aria empty', 'aria anonymous', 'aria named', 'outline merged', 'outline raw', 'outline inline', 'outline named'].map((t) => `${t}: failed`));
    expect(run.exitCode, run.stdout).toBe(0);
    const inline = error(run, 'aria inline');
    expect(inline).toContain('expect(device).toMatchAriaSnapshot(expected) failed');
    expect(inline).toContain('- - button "Cancel"');
    expect(inline).toContain('+ - button "Cancelar"');
    expect(error(run, 'aria empty')).toContain('toMatchAriaSnapshot: the template is empty.');
    expect(error(run, 'aria anonymous')).toContain("A snapshot doesn't exist at specs/aria.spec.ts-snapshots/aria-anonymous-1.aria.yml");
    expect(error(run, 'aria named')).toContain("A snapshot doesn't exist at specs/aria.spec.ts-snapshots/save.aria.yml");
    expect(error(run, 'outline inline')).toContain('- Text "Wrong label"');
    expect(error(run, 'outline named')).toContain("A template file doesn't exist at specs/outline.spec.ts-snapshots/save.outline");
    // The failure shows the merged form: the button by its role and name, no clickable View holding a role child.
    expect(error(run, 'outline merged')).toContain('+ - Button "Cancelar"');
    expect(error(run, 'outline merged')).not.toContain('View children=2 [clickable]');
    // Raw, the name is on the clickable View and the Button is its empty role child.
    expect(error(run, 'outline raw')).toContain('Nearest match: the children of View #12 [clickable]');
    expect(error(run, 'outline raw')).toContain('- - Button "Cancelado"\n+ - Button\n');

    const updated = await run.again(['--update-snapshots=changed', '--update-source-method=overwrite']);
    expect(updated.exitCode, updated.stdout + updated.stderr).toBe(0);
    const aria = await readFile(run.file('aria.spec.ts'), 'utf8');
    expect(aria).toContain([
      'toMatchAriaSnapshot(`',
      '    - text: "Recargar stock Stock actual: -2 uds. ¿Cuántas unidades añades?"',
      '    - textbox',
      '    - button "Cancelar"',
      '    - button "Guardar"',
      '  `);',
    ].join('\n'));
    expect(aria).not.toContain('"Cancel"');
    // The empty template is filled in from the locator's subtree.
    expect(aria).toContain("toMatchAriaSnapshot(`\n    - button \"Cancelar\"\n  `);");
    const snapshots = (file: string) => readFile(path.join(run.dir, 'specs', file), 'utf8');
    expect(await snapshots('aria.spec.ts-snapshots/save.aria.yml')).toBe('- button "Guardar"\n');
    // Without a name, the file is named as Playwright names it: the test's title and a count.
    expect(await snapshots('aria.spec.ts-snapshots/aria-anonymous-1.aria.yml')).toBe('- button "Cancelar"\n');
    const outline = await readFile(run.file('outline.spec.ts'), 'utf8');
    expect(outline).toContain('toMatchOutline(`\n    - Text "Unidades a añadir"\n  `);'); // the nearest region, in the template's form
    expect(outline).not.toContain('Wrong label');
    expect(await snapshots('outline.spec.ts-snapshots/save.outline')).toBe('- Text "Guardar"\n');
    const [merged, raw] = (await readFile(run.file('merged.spec.ts'), 'utf8')).split("test('outline raw'");
    expect(merged).toContain('    - Button "Cancelar"\n');
    expect(merged).toContain('    - Button children=1 [clickable]\n');
    expect(merged).not.toContain('View children=2');
    expect(raw).toContain('    - Text "Cancelar"\n    - Button\n');

    const plain = await run.again([]);
    expect(plain.exitCode, plain.stdout).toBe(0);
    expect(plain.stdout).toMatch(/8 passed/);
  } finally {
    await run.remove();
  }
});
