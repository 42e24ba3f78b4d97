// `treewright verify`, the CI lane over captured files: checks, reporters, goldens and exit codes.
import { test, expect } from '@playwright/test';
import { mkdtemp, readFile, readdir, writeFile, cp, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { execa } from 'execa';
import { runVerify } from '../../runner/verify/index.js';
import { goldenPathFor } from '../../runner/verify/golden-check.js';

function sink() {
  let text = '';
  // A stream as runVerify uses one: write with its callback (stdout writes are checked), and on('error').
  return { write: (s: string, cb?: (e?: Error | null) => void) => { text += s; cb?.(); return true; }, on: () => undefined, get text() { return text; }, isTTY: false } as unknown as NodeJS.WritableStream & { text: string; isTTY: boolean };
}

async function verify(args: string[], cwd = process.cwd()) {
  const stdout = sink(), stderr = sink();
  const code = await runVerify(args, { stdout, stderr, cwd, env: { CI: '1' } });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

async function workspace() {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-verify-'));
  await mkdir(path.join(dir, 'captures'));
  await cp('fixtures/trees/home.json', path.join(dir, 'captures/home.json'));
  await cp('fixtures/trees/a11y-tree.json', path.join(dir, 'captures/a11y.json'));
  await cp('fixtures/uiautomator/034.xml', path.join(dir, 'captures/dialog.xml'));
  await cp('fixtures/design-system.json', path.join(dir, 'design-system.json'));
  return dir;
}

test('a11y and drift findings fail the lane with exit 1 and name node, rule and values', async () => {
  const dir = await workspace();
  const r = await verify(['captures/*.json', '--catalog', 'design-system.json'], dir);
  expect(r.code).toBe(1);
  expect(r.stdout).toContain('✘ captures/a11y.json  a11y: 2 errors');
  expect(r.stdout).toMatch(/touch-target\s+40×40 dp < 48×48 dp/);
  expect(r.stdout).toMatch(/drift\/token-mismatch\s+.*RadiusCard.*16dp.*24dp/);
  expect(r.stdout).toMatch(/verify: 2 trees, 2 failing \(a11y 1, drift 2\), 0 unreadable/);
});

test('a clean lane exits 0; --fail-on warning tightens it', async () => {
  const dir = await workspace();
  const clean = await verify(['captures/dialog.xml', '--density', '2.625'], dir);
  expect(clean.stderr).toBe('');
  expect(clean.code).toBe(0);
  expect(clean.stdout).toMatch(/verify: 1 trees, 0 failing/);
});

test('junit: one test case per tree and check; json: everything', async () => {
  const dir = await workspace();
  const r = await verify(['captures/*', '--catalog', 'design-system.json', '--reporter', 'junit,json,line', '--out-dir', 'out', '--density', '2.625'], dir);
  expect(r.code).toBe(1);
  const xml = new XMLParser({ ignoreAttributes: false }).parse(await readFile(path.join(dir, 'out/junit.xml'), 'utf8'));
  const suites = [xml.testsuites.testsuite].flat();
  expect(suites.map((s: Record<string, string>) => s['@_name']).sort()).toEqual(['a11y', 'drift']);
  const cases = suites.flatMap((s: { testcase: unknown }) => [s.testcase].flat()) as Array<Record<string, unknown>>;
  expect(cases).toHaveLength(6); // 3 trees × (a11y, drift)
  const failed = cases.filter((c) => c.failure).map((c) => `${c['@_classname']} ${c['@_name']}`).sort();
  // At 2.625 px/dp the home cards (328×120 px) are 45.7 dp tall: under the 48 dp touch target.
  expect(failed).toEqual(['a11y captures/a11y.json', 'a11y captures/home.json', 'drift captures/a11y.json', 'drift captures/home.json']);
  const json = JSON.parse(await readFile(path.join(dir, 'out/results.json'), 'utf8'));
  expect(json.summary.trees).toBe(3);
  expect(json.trees[0].checks[0].findings[0]).toHaveProperty('rule');
  expect(r.stderr).toContain('junit report written to out/junit.xml');
  const html = await verify(['captures/a11y.json', '--reporter', 'html', '--out-dir', 'out'], dir);
  expect(html.code).toBe(1);
  const page = await readFile(path.join(dir, 'out/index.html'), 'utf8');
  expect(page).toContain('captures/a11y.json');
  expect(page).toContain('<svg');
});

test('goldens: missing fails with how to create it; --update writes; a change is a short diff', async () => {
  const dir = await workspace();
  const missing = await verify(['captures/home.json', '--golden', 'golden', '--checks', 'golden'], dir);
  expect(missing.code).toBe(1);
  expect(missing.stdout).toContain('no golden tree at golden/captures/home.json.tree; create it with: npx treewright verify captures/home.json --golden golden --update');
  const wrote = await verify(['captures/home.json', '--golden', 'golden', '--checks', 'golden', '--update'], dir);
  expect(wrote.code).toBe(0);
  expect(wrote.stdout).toContain('golden written: golden/captures/home.json.tree');
  expect(await readFile(path.join(dir, 'golden/captures/home.json.tree'), 'utf8')).toMatch(/^# treewright golden v1/);
  expect((await verify(['captures/home.json', '--golden', 'golden', '--checks', 'golden'], dir)).code).toBe(0);
  const tree = JSON.parse(await readFile(path.join(dir, 'captures/home.json'), 'utf8'));
  tree.root.children[0].text = 'Welcome home';
  await writeFile(path.join(dir, 'captures/home.json'), JSON.stringify(tree));
  const changed = await verify(['captures/home.json', '--golden', 'golden', '--checks', 'golden'], dir);
  expect(changed.code).toBe(1);
  expect(changed.stdout).toMatch(/golden\/golden-changed .*Welcome home/);
});

test('could not run: exit 2 for unreadable trees, no match, bad arguments, bad catalog', async () => {
  const dir = await workspace();
  await writeFile(path.join(dir, 'captures/broken.json'), '{"schemaVersion": 1, "root": {');
  const broken = await verify(['captures/*.json'], dir);
  expect(broken.code).toBe(2);
  expect(broken.stdout).toMatch(/✘ captures\/broken\.json {2}could not be read: .*captures\/broken\.json/);
  expect((await verify(['nothing/*.json'], dir)).stderr).toMatch(/no file matches "nothing\/\*\.json"/);
  expect((await verify(['captures/*.json', '--reporter', 'pdf'], dir)).code).toBe(2);
  expect((await verify(['captures/*.json', '--checks', 'drift'], dir)).stderr).toContain('the drift check needs --catalog');
  await writeFile(path.join(dir, 'bad-catalog.json'), '{"colors": {"Primary": "#12345"}}');
  const bad = await verify(['captures/home.json', '--catalog', 'bad-catalog.json'], dir);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/bad-catalog\.json:1:13: colors\.Primary: .*"#12345" is not a colour/);
});

test('the bin runs the lane (quiet progress in CI)', async () => {
  const dir = await workspace();
  const r = await execa('node', [path.resolve('bin/treewright.js'), 'verify', 'captures/*.json', '--reporter', 'line'], { cwd: dir, reject: false, env: { CI: 'true' } });
  expect(r.exitCode).toBe(1);
  expect(r.stderr).toBe('');
  expect(r.stdout).toMatch(/verify: 2 trees/);
});

test('a corrupt golden fails that tree only, naming the file and line; --update replaces it', async () => {
  const dir = await workspace();
  expect((await verify(['captures/*.json', '--golden', 'golden', '--checks', 'golden', '--update'], dir)).code).toBe(0);
  const homeGolden = path.join(dir, 'golden/captures/home.json.tree');
  const good = await readFile(homeGolden, 'utf8');
  await writeFile(homeGolden, good.replace(/bounds=[0-9,]+/, 'bounds=1,2,3'));
  const r = await verify(['captures/*.json', '--golden', 'golden', '--checks', 'golden', '--reporter', 'line,json', '--out-dir', 'out'], dir);
  expect(r.code).toBe(1);
  expect(r.stdout).toMatch(/golden\/golden-unreadable {2}the golden golden\/captures\/home\.json\.tree:\d+(:\d+)? cannot be read/);
  expect(r.stdout).toContain('re-create it with: npx treewright verify captures/home.json --golden golden --update');
  expect(r.stdout).not.toContain('playwright');
  expect(r.stdout).toMatch(/verify: 2 trees, 1 failing \(golden 1\), 0 unreadable/);
  const json = JSON.parse(await readFile(path.join(dir, 'out/results.json'), 'utf8'));
  expect(json.trees.map((t: { file: string; checks: Array<{ status: string }> }) => `${t.file} ${t.checks[0]!.status}`)).toEqual(['captures/a11y.json passed', 'captures/home.json failed']);
  const updated = await verify(['captures/*.json', '--golden', 'golden', '--checks', 'golden', '--update'], dir);
  expect(updated.code).toBe(0);
  expect(updated.stdout).toContain('golden updated: golden/captures/home.json.tree');
  expect(await readFile(homeGolden, 'utf8')).toBe(good);
});

test('html: the golden side by side from the lane\'s own comparison (its tolerance, its cwd)', async () => {
  const dir = await workspace(); // not process.cwd(): the golden path must resolve from the lane's cwd
  expect((await verify(['captures/home.json', '--golden', 'golden', '--checks', 'golden', '--update'], dir)).code).toBe(0);
  const tree = JSON.parse(await readFile(path.join(dir, 'captures/home.json'), 'utf8'));
  tree.root.children[0].text = 'Welcome home';
  tree.root.children[1].bounds.y += 3; // within --tolerance 5: not a change for the lane, so not for the report
  await writeFile(path.join(dir, 'captures/home.json'), JSON.stringify(tree));
  const r = await verify(['captures/home.json', '--golden', 'golden', '--checks', 'golden', '--tolerance', '5', '--reporter', 'html,json', '--out-dir', 'out'], dir);
  expect(r.code).toBe(1);
  const page = await readFile(path.join(dir, 'out/index.html'), 'utf8');
  expect(page.match(/<div class="tw-golden"><figure>/g)).toHaveLength(1);
  expect(page).toContain('Welcome home');
  expect(page).not.toMatch(/bounds [0-9,]+ → /);
  const json = JSON.parse(await readFile(path.join(dir, 'out/results.json'), 'utf8'));
  expect(json.trees[0].checks[0]).not.toHaveProperty('report'); // the texts stay out of the json report
});

test('golden paths keep the extension; a tree outside the working directory is refused, not folded in', async () => {
  const cwd = path.resolve('/work/ws');
  const at = (file: string) => path.relative(cwd, goldenPathFor(file, { cwd, goldenDir: 'golden' }));
  expect(at('captures/x.json')).toBe(path.join('golden', 'captures', 'x.json.tree'));
  expect(at('captures/x.xml')).toBe(path.join('golden', 'captures', 'x.xml.tree'));
  expect(() => at('../a.json')).toThrow(/\.\.\/a\.json is outside the working directory/);
  expect(() => at('/elsewhere/a.json')).toThrow(/outside the working directory/);

  const dir = await workspace();
  await mkdir(path.join(dir, 'sub'));
  await cp(path.join(dir, 'captures/home.json'), path.join(dir, 'captures/home.xml.json'));
  // Without --root a glob leading out of the working directory is refused before any walk; a path to
  // one file there is read, and its golden, which would land outside, is refused.
  const out = await verify(['captures/*', '../captures/*.json', '--golden', 'golden', '--checks', 'golden'], path.join(dir, 'sub'));
  expect(out.code).toBe(2);
  expect(out.stderr).toMatch(/the glob "\.\.\/captures\/\*\.json" would walk .*captures, outside the working directory/);
  const one = await verify(['../captures/home.json', '--golden', 'golden', '--checks', 'golden', '--update', '--density', '2.625'], path.join(dir, 'sub'));
  expect(one.code).toBe(2);
  expect(one.stdout).toMatch(/✘ \.\.\/captures\/home\.json {2}could not be checked: .*outside the working directory/);
  const r = await verify(['captures/*', '../captures/home.json', '--root', '..', '--golden', 'golden', '--checks', 'golden', '--update', '--density', '2.625'], path.join(dir, 'sub'));
  expect(r.code).toBe(2);
  expect(r.stdout).toMatch(/✘ \.\.\/captures\/home\.json {2}could not be checked: .*outside the working directory/);
  const ok = await verify(['captures/*', '--golden', 'golden', '--checks', 'golden', '--update', '--density', '2.625'], dir);
  expect(ok.code).toBe(0);
  const goldens = (await readdir(path.join(dir, 'golden/captures'))).sort();
  expect(goldens).toEqual(['a11y.json.tree', 'dialog.xml.tree', 'home.json.tree', 'home.xml.json.tree']);
});

test('--platform judges native trees by that platform\'s a11y rules: a Compose tree as desktop has no touch targets, as android it has', async () => {
  const dir = await workspace();
  // fixtures/trees/a11y-tree.json: a real cmp-inspector capture; its producer (headless JVM) tells Android.
  const told = await verify(['captures/a11y.json'], dir);
  const android = await verify(['captures/a11y.json', '--platform', 'android'], dir);
  expect(android.code).toBe(1);
  expect(android.stdout).toMatch(/touch-target\s+40×40 dp < 48×48 dp/);
  const desktop = await verify(['captures/a11y.json', '--platform', 'desktop'], dir);
  expect(desktop.stdout).not.toContain('touch-target');
  const ios = await verify(['captures/a11y.json', '--platform', 'ios'], dir);
  expect(ios.stdout).toMatch(/touch-target\s+40×40 pt < 44×44 pt/);
  expect(told.stdout).toMatch(/touch-target\s+40×40 dp < 48×48 dp/);
});

test('--platform refuses what is not a native platform, in the usage style (exit 2)', async () => {
  const dir = await workspace();
  for (const bad of ['watchos', 'web', 'Android']) {
    const r = await verify(['captures/a11y.json', '--platform', bad], dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`treewright verify: --platform takes android, ios, macos, desktop, got "${bad}"`);
    expect(r.stderr).toContain('→ Run treewright verify --help for its options.');
  }
  expect((await verify(['captures/a11y.json', '--platform', 'web'], dir)).stderr).toContain("a web page is judged by the web's rules without it");
});
