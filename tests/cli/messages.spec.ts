// Item 7 of #13: every message true and specific to its driver; --help / --version on every command;
// every CLI error one line plus a → line.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, expect as twExpect } from 'treewright';

const bin = path.resolve('bin/treewright.js');
const run = (...args: string[]) => execa('node', [bin, ...args], { reject: false, env: { TREEWRIGHT_DEBUG: '' } });

test('--help and --version on every command; bad flags are one line and a → line', async () => {
  const { version } = JSON.parse((await import('node:fs')).readFileSync('package.json', 'utf8')) as { version: string };
  const cmds = ['inspect', 'schema', 'mcp', 'verify', 'reference-app'];
  const results = await Promise.all(cmds.flatMap((c) => [run(c, '--help'), run(c, '-h'), run(c, '--version'), run(c, '--bogus')]));
  cmds.forEach((c, i) => {
    const [help, h, v, bad] = results.slice(i * 4, i * 4 + 4);
    expect(help!.exitCode, c).toBe(0);
    expect(help!.stdout, c).toMatch(new RegExp(`^usage: treewright ${c}`));
    expect(h!.stdout).toBe(help!.stdout);
    expect(v!.stdout.trim()).toBe(`treewright ${version}`);
    expect(bad!.exitCode, c).toBe(2);
    expect(bad!.stderr, c).toMatch(`treewright ${c}: unknown `); expect(bad!.stderr).toContain(`'--bogus'`.replace(/'/g, c === 'reference-app' ? '"' : "'")); expect(bad!.stderr.split('\n')[1]).toBe(`  → Run treewright ${c} --help for its options.`);
  });
  expect((await run('--version')).stdout.trim()).toBe(`treewright ${version}`);
});

test('a mistyped source is a typo, not a missing file; garbage in a .xml file is not "invalid JSON"', async () => {
  const typo = await run('inspect', 'refrence');
  expect(typo.stderr).toBe('treewright: unknown source "refrence": did you mean "reference"?\n  → Use one of: file:<path>, live:<host>:<port>, adb[:<serial>], moui:<url>, jetwhale:<url>, web:<url>, appium:<url>, reference[:live|moui|jetwhale] (a path to a file also works).');
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-msg-'));
  const xml = path.join(dir, 'window_dump.xml');
  await writeFile(xml, 'ERROR: null root node returned by UiTestAutomationBridge.\n');
  const garbage = await run('inspect', xml);
  expect(garbage.exitCode).toBe(2);
  expect(garbage.stderr).toContain(`${xml}:1: not XML: a .xml file should start with '<', but starts with "ERROR: null root node re"`);
  expect(garbage.stderr).not.toContain('JSON');
  // The subject once: the path is the prefix, not repeated in the sentence.
  const missing = await run('inspect', path.join(dir, 'gone.json'));
  expect(missing.stderr.split(path.join(dir, 'gone.json')).length - 1).toBe(1);
});

test('reference:live: fill says the live protocol cannot type without adb; toBeChecked says the protocol has no toggle state', async () => {
  const device = await connect({ kind: 'reference', protocol: 'live', signedIn: false });
  try {
    const e = await device.byTag('email').fill('ada@example.com', { timeout: 500 }).catch((x) => x);
    expect(e.code).toBe('action_unavailable');
    expect(e.message).toBe("reference:live: byTag('email').fill('ada@example.com'): cannot type: the cmp-inspector live protocol has no text input, and typing goes through adb, which is not connected to a device\n  → Connect adb to the device running the app (typing and keys go through adb input), or use a driver with semantic actions (reference, moui, jetwhale, appium).");
    expect(e.message).not.toContain('not editable');
    expect(e.message).not.toContain('captured file');
  } finally {
    await device.close();
  }
  const settings = await connect({ kind: 'reference', protocol: 'live', signedIn: true });
  try {
    await settings.byRole('Button', { name: 'Settings' }).click();
    const e = await twExpect(settings.byRole('Switch', { name: 'Wi-Fi' })).toBeChecked({ timeout: 0 }).then(() => null, (x: Error) => x);
    expect(e!.message).toContain('Received: no toggle state');
    expect(e!.message).toContain('the cmp-inspector live tree carries no toggle state');
  } finally {
    await settings.close();
  }
});
