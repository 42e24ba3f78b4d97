// Item 6 of #13: the packed tarball in fresh CommonJS and ESM projects (skipLibCheck: false): the
// declarations compile, and a Playwright spec and a plain-`expect` script (typed) run. One pack, one install.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const REPO = path.resolve('.');

const TSCONFIG = JSON.stringify({
  compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, outDir: 'out', types: ['node'] },
  include: ['*.ts', '*.mts', '*.cts'],
}, null, 2);

const PW_SPEC = `import { test, expect } from 'treewright';
test.use({ source: 'file:005.xml' });
test('Playwright expect with treewright matchers', async ({ device }) => {
  await expect(device.byText('Guardar')).toBeVisible();
  await expect(device.byRole('TextField')).toHaveValue('');
  await expect(device.byRole('Text')).toHaveCount(5);
});
`;

const PLAIN = `import { expect } from 'expect';
import { matchers } from 'treewright/matchers/expect';
import { connect } from 'treewright';
expect.extend(matchers);
async function main(): Promise<void> {
  const device = await connect('file:005.xml');
  await expect(device.byText('Guardar')).toBeVisible();
  await expect(device.byText('Guardar')).toHaveAccessibleName('Guardar');
  await expect(device.byText('nothing')).not.toBeAttached({ timeout: 0 });
  // @ts-expect-error a typo in a matcher name is a type error: the augmentation is real
  void expect(device).toPassAlly;
  await device.close();
  console.log('plain expect ok');
}
main().catch((e) => { console.error(e); process.exit(1); });
`;

test('npm pack → fresh CommonJS and ESM projects: types with skipLibCheck false, a spec of each kind runs', async () => {
  test.setTimeout(300_000);
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-pack-'));
  try {
    const packed = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: REPO });
    const info = JSON.parse(packed.stdout)[0] as { filename: string; files: Array<{ path: string }> };
    const files = info.files.map((f) => f.path);
    // No dangling source maps: every map is self-contained (its sources inlined) or none is shipped.
    for (const map of files.filter((f) => f.endsWith('.map')).slice(0, 50)) {
      const m = JSON.parse(await readFile(path.join(REPO, map), 'utf8')) as { sources: string[]; sourcesContent?: string[] };
      expect(m.sourcesContent?.length, map).toBe(m.sources.length);
    }
    const { version } = JSON.parse(await readFile(path.join(REPO, 'node_modules/@playwright/test/package.json'), 'utf8')) as { version: string };
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    const install = await execa('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts',
      path.join(dir, info.filename), `@playwright/test@${version}`, 'expect@30', 'typescript@5.9', '@types/node@20'], { cwd: dir, reject: false });
    expect(install.exitCode, install.stderr).toBe(0);
    for (const kind of ['cjs', 'esm'] as const) {
      const p = path.join(dir, kind);
      await mkdir(p);
      await writeFile(path.join(p, 'package.json'), JSON.stringify({ name: `consumer-${kind}`, private: true, type: kind === 'esm' ? 'module' : 'commonjs' }));
      await writeFile(path.join(p, 'tsconfig.json'), TSCONFIG);
      await writeFile(path.join(p, 'a.spec.ts'), PW_SPEC);
      await writeFile(path.join(p, 'plain.ts'), PLAIN);
      await writeFile(path.join(p, 'playwright.config.ts'), `import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: '.', reporter: 'line' });\n`);
      await cp(path.join(REPO, 'fixtures/uiautomator/005.xml'), path.join(p, '005.xml'));
    }
    const tsc = path.join(dir, 'node_modules/typescript/bin/tsc');
    const results = await Promise.all((['cjs', 'esm'] as const).map(async (kind) => {
      const cwd = path.join(dir, kind);
      const types = await execa('node', [tsc, '-p', '.'], { cwd, reject: false });
      const plain = types.exitCode === 0 ? await execa('node', ['out/plain.js'], { cwd, reject: false }) : null;
      const spec = await execa('node', [path.join(dir, 'node_modules/@playwright/test/cli.js'), 'test', 'a.spec.ts'], { cwd, reject: false, env: { CI: '1', FORCE_COLOR: '0', TREEWRIGHT_SOURCE: '' } });
      return { kind, types, plain, spec };
    }));
    for (const r of results) {
      expect(r.types.exitCode, `${r.kind} tsc:\n${r.types.stdout}${r.types.stderr}`).toBe(0);
      expect(r.plain?.stdout, `${r.kind} plain:\n${r.plain?.stderr}`).toContain('plain expect ok');
      expect(r.spec.exitCode, `${r.kind} spec:\n${r.spec.stdout}${r.spec.stderr}`).toBe(0);
      expect(r.spec.stdout).toMatch(/1 passed/);
    }
  } finally {
    if (!process.env.TREEWRIGHT_KEEP_TMP) await rm(dir, { recursive: true, force: true });
  }
});
