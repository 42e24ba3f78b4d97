// Item 1 of #13: an action's failure points at the spec's line, carries the outline and wireframe, and a
// strict-mode violation inside a matcher is reported in the matcher's layout.
import { test, expect } from '@playwright/test';
import { runInner } from './inner.js';

test('a failed click, an ambiguous matcher and a missing node: file:line, code frame, attachments, counted', async () => {
  test.setTimeout(90_000);
  const run = await runInner('action-failures', {
    'a.spec.ts': `import { test, expect } from 'treewright';
test.use({ source: 'file:${'${FIXTURES}'}/uiautomator/005.xml' });
test('click on a typo', async ({ device }) => {
  await device.byText('Guardra').click({ timeout: 300 });
});
test('ambiguous matcher', async ({ device }) => {
  await expect(device.byRole('Text')).toBeVisible({ timeout: 300 });
});
`,
  });
  try {
    const [click, ambiguous] = run.tests;
    // The error's location is the spec line of the action, not a file inside treewright.
    expect(click!.error.location).toEqual({ file: run.file('a.spec.ts'), line: 4, column: expect.any(Number) });
    expect(click!.error.snippet).toContain("await device.byText('Guardra').click({ timeout: 300 });");
    expect(click!.error.message).toContain("byText('Guardra').click(): timed out after 300ms");
    expect(click!.error.message).toContain('Closest:\n    1) Text #16 "Guardar"');
    expect(click!.error.stack).not.toMatch(/dist[/\\]src|src[/\\]devices/);
    expect(click!.attachments).toEqual(expect.arrayContaining(['treewright-click', 'click-outline.txt', 'click-wireframe.svg']));
    // Strict mode inside a matcher: the matcher's layout with an Error: line, not a raw TargetError.
    expect(ambiguous!.error.message).toMatch(/^Error: expect\(locator\)\.toBeVisible\(\) failed\n\nLocator: {2}byRole\('Text'\)\nExpected: visible\nError: strict mode violation: byRole\('Text'\) resolved to \d+ nodes:/);
    expect(ambiguous!.error.message).not.toContain('Timeout:');
    expect(ambiguous!.error.location?.line).toBe(7);
    expect(ambiguous!.attachments).toEqual(expect.arrayContaining(['treewright-toBeVisible', 'toBeVisible-wireframe.svg']));
    // Both count as treewright failures in the summary.
    expect(run.stdout).toMatch(/2 tests \(0 passed, 2 failed\); 2 treewright failures/);
  } finally {
    await run.remove();
  }
});
