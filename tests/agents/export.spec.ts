// export_test: the agent's session becomes a spec, and the spec passes against the same device.
// The first session runs over a real stdio server; the second through the registry in-process.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO, localAgent, repoTempDir, serverEnv, stdioAgent } from './helpers.js';

test('the sign-in → settings session, exported, runs with npx playwright test and passes', async () => {
  test.setTimeout(120_000);
  const tmp = await repoTempDir();
  const agent = await stdioAgent(['--source', 'reference']);
  try {
    await agent.call('find_nodes', { locator: "byRole('Button', { name: 'Sign in' })" });
    await agent.call('perform_action', { locator: "byTag('email')", action: 'fill', text: 'ada@example.com' });
    await agent.call('perform_action', { locator: [{ kind: 'tag', tag: 'password' }], action: 'fill', text: "correct horse" });
    // Refused (two text fields match), so not exported.
    expect((await agent.call('perform_action', { locator: "byRole('TextField')", action: 'clear' })).env.error!.code).toBe('target_ambiguous');
    const found = await agent.call('find_nodes', { locator: "byText('Sign in', { exact: true })", format: 'json' });
    await agent.call('perform_action', { target: { id: found.env.value.nodes[0].id, generation: found.env.value.generation }, action: 'click' });
    await agent.call('find_nodes', { locator: "byText('Welcome, Ada')" });
    await agent.call('find_nodes', { locator: "byText('Welcome, Ada')" }); // the same check twice is written once
    await agent.call('perform_action', { locator: "byTag('feed')", action: 'scrollToIndex', index: 240 });
    await agent.call('find_nodes', { locator: { kind: 'text', text: { regex: '^Item 240$' } } });
    await agent.call('perform_action', { locator: "byDesc('Settings')", action: 'click' });
    await agent.call('perform_action', { locator: "byRole('Switch', { name: 'Wi-Fi' })", action: 'click' });
    await agent.call('find_nodes', { locator: "byRole('Switch', { name: 'Wi-Fi', checked: true })" });
    await agent.call('perform_action', { action: 'back' });

    const rel = path.relative(REPO, path.join(tmp.dir, 'agent.spec.ts'));
    const exported = await agent.call('export_test', { name: 'sign in and turn Wi-Fi on', path: rel });
    expect(exported.env.value).toMatchObject({ path: rel, steps: 12 });
    const code = await readFile(path.join(tmp.dir, 'agent.spec.ts'), 'utf8');
    expect(code).toBe(exported.env.value.code);
    expect(code.split('\n').filter((l) => l.startsWith('  '))).toEqual([
      "  await expect(device.byRole('Button', { name: 'Sign in' })).toBeVisible();",
      "  await device.byTag('email').fill('ada@example.com');",
      "  await device.byTag('password').fill('correct horse');",
      "  await expect(device.byText('Sign in', { exact: true })).toBeVisible();",
      // Addressed by id: written with a locator that finds the same node.
      "  await device.byRole('Button', { name: 'Sign in', exact: true }).click();",
      "  await expect(device.byText('Welcome, Ada')).toBeVisible();",
      "  await device.byTag('feed').scrollToIndex(240);",
      '  await expect(device.byText(/^Item 240$/)).toBeVisible();',
      "  await device.byDesc('Settings').click();",
      "  await device.byRole('Switch', { name: 'Wi-Fi' }).click();",
      "  await expect(device.byRole('Switch', { name: 'Wi-Fi', checked: true })).toBeVisible();",
      '  await device.back();',
    ]);
    expect(code).toContain("import { test, expect } from 'treewright';");
    expect(code).toContain("test.use({ source: 'reference' });");
    expect(code).toContain("test('sign in and turn Wi-Fi on', async ({ device }) => {");

    // Never over an existing file unless asked.
    const again = await agent.call('export_test', { path: rel });
    expect(again.env.error).toMatchObject({ code: 'source_invalid', details: { refused: 'exists' } });
    expect((await agent.call('export_test', { path: rel, overwrite: true, name: 'sign in and turn Wi-Fi on' })).env.ok).toBe(true);
    expect((await agent.call('export_test', { path: path.join(path.dirname(rel), 'notes.md') })).env.error!.code).toBe('invalid_arguments');

    // Run it as a user would: Playwright Test, its own config, from inside the repository.
    await writeFile(path.join(tmp.dir, 'playwright.config.ts'), [
      "import { defineConfig } from '@playwright/test';",
      "export default defineConfig({ projects: [{ name: 'examples', testDir: '.' }], reporter: [['line']] });",
      '',
    ].join('\n'));
    const env = Object.fromEntries(Object.entries(serverEnv()).filter(([k]) => !/^(PW_|PLAYWRIGHT_|TEST_)/.test(k)));
    const run = await execa('npx', ['playwright', 'test', '-c', path.join(tmp.dir, 'playwright.config.ts'), '--project=examples', '--output', path.join(tmp.dir, 'results')], { cwd: REPO, env, extendEnv: false, reject: false });
    expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/1 passed/);
  } finally {
    await agent.close();
    await tmp.remove();
  }
});

test('a spec exported after connecting elsewhere replays only that device, and fails when the device does not match', async () => {
  test.setTimeout(120_000);
  const tmp = await repoTempDir();
  const agent = await localAgent();
  try {
    await agent.call('perform_action', { locator: "byTag('email')", action: 'fill', text: 'before the switch' });
    const c = await agent.call('connect', { source: { kind: 'reference', signedIn: true } });
    expect(c.env.value).toMatchObject({ device: 'reference', driver: 'reference' });
    expect(c.text).toContain('what can be operated:');
    await agent.call('perform_action', { locator: "byDesc('Settings')", action: 'click' });
    const code = (await agent.call('export_test', { name: 'settings' })).env.value.code as string;
    expect(code).not.toContain('before the switch');
    expect(code).toContain('test.use({ source: {"kind":"reference","protocol":"inprocess","signedIn":true} });');
    expect(code).toContain("  await device.byDesc('Settings').click();");

    // The same steps against a device that is not signed in fail: the spec really checks.
    const wrong = code.replace('"signedIn":true', '"signedIn":false');
    await writeFile(path.join(tmp.dir, 'wrong.spec.ts'), wrong.replace("byDesc('Settings').click();", "byDesc('Settings').click({ timeout: 500 });"));
    await writeFile(path.join(tmp.dir, 'right.spec.ts'), code);
    await writeFile(path.join(tmp.dir, 'playwright.config.ts'), "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ projects: [{ name: 'examples', testDir: '.' }], reporter: [['line']] });\n");
    const env = Object.fromEntries(Object.entries(serverEnv()).filter(([k]) => !/^(PW_|PLAYWRIGHT_|TEST_)/.test(k)));
    const run = await execa('npx', ['playwright', 'test', '-c', path.join(tmp.dir, 'playwright.config.ts'), '--output', path.join(tmp.dir, 'results')], { cwd: REPO, env, extendEnv: false, reject: false });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/1 failed/);
    expect(run.stdout).toMatch(/1 passed/);
    expect(run.stdout).toContain('wrong.spec.ts');
  } finally {
    await agent.close();
    await tmp.remove();
  }
});
