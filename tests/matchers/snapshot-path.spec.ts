// Item 3 of #13: goldens follow Playwright's path templates; trees carry no platform suffix by default,
// pixels keep Playwright's; an old-style baseline is reported with the command that moves it.
import { test, expect } from '@playwright/test';
import { existsSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { runInner } from '../runner/inner.js';

test('default paths: home.tree without platform, settings-<platform>.png; the old name is reported, not re-recorded', async () => {
  test.setTimeout(90_000);
  const run = await runInner('snapshot-path', {
    'a.spec.ts': `import { test, expect } from 'treewright';
test('tree', async ({ device }) => {
  await expect(device).toMatchGoldenTree('signin');
});
test('pixels', async ({ device }) => {
  await expect(device).toMatchScreenshot('signin');
});
`,
  }, ['--update-snapshots=missing']);
  try {
    expect(run.exitCode, run.stdout).toBe(0);
    const snaps = path.join(run.dir, 'specs', 'a.spec.ts-snapshots');
    expect(existsSync(path.join(snaps, 'signin.tree'))).toBe(true);
    expect(existsSync(path.join(snaps, `signin-${process.platform}.png`))).toBe(true);
    // A baseline recorded by an older treewright (project and platform in the name) is found and the move is spelt out.
    await mkdir(snaps, { recursive: true });
    await copyFile(path.join(snaps, 'signin.tree'), path.join(snaps, `signin-${process.platform}.tree`));
    const { rm } = await import('node:fs/promises');
    await rm(path.join(snaps, 'signin.tree'));
    const again = await run.again(['-g', 'tree']);
    expect(again.exitCode).toBe(1);
    expect(again.tests[0]!.error.message).toContain(`Received: only the old-style golden specs/a.spec.ts-snapshots/signin-${process.platform}.tree`);
    expect(again.tests[0]!.error.message).toContain(`Move it: git mv 'specs/a.spec.ts-snapshots/signin-${process.platform}.tree' 'specs/a.spec.ts-snapshots/signin.tree'`);
    expect(existsSync(path.join(snaps, 'signin.tree'))).toBe(false);
  } finally {
    await run.remove();
  }
});
