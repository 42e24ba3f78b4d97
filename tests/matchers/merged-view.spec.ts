// Issue 30, case 1: one merged view wherever a node is named or matched, on the real dumps in
// fixtures/uiautomator (the same files as ../shared/corpus/uiautomator). A Compose control read from a
// uiautomator dump is a clickable View plus an empty role child; `inspect` prints one Button, and so
// do templates, failure messages, near-match hints, a11y findings and goldens. `{ merged: false }`
// (the locators' option) keeps the raw tree wherever it is asked for.
import { test, expect as base } from '@playwright/test';
import { matchers } from '../../matchers/index.js';
import { connect } from '../../src/devices/connect.js';
import { audit } from '../../src/analysis/a11y.js';
import { formatGolden, goldenIsMerged, goldenTreeOf, parseGolden, toGolden } from '../../src/outline/golden.js';
import { compareGolden } from '../../src/checks/golden.js';
import { mergedView } from '../../src/facts/merged-view.js';
import { nodeFacts } from '../../src/facts/node-facts.js';
import type { Snapshot } from '../../src/model/schema.js';

const expect = base.extend(matchers);
const open = (file: string, options: { merged?: boolean } = {}) => connect(`file:fixtures/uiautomator/${file}`, { density: 2.625, ...options });

/** The id of the role child the merged view folds into the control with this id. */
function roleChildOf(s: Snapshot, id: string): string {
  const { nodes } = nodeFacts(s);
  const view = mergedView(s);
  const j = view.roleChild(nodes.findIndex((n) => n.id === id));
  expect(j).toBeGreaterThanOrEqual(0);
  return nodes[j]!.id;
}

async function failure(p: Promise<unknown>): Promise<Error> {
  return p.then(() => { throw new Error('expected the assertion to fail'); }, (e: Error) => e);
}

test('005: toMatchOutline reads the merged view: the printed form and the aria-snapshot name form both match', async () => {
  const d = await open('005.xml');
  expect(await d.outline()).toContain('- Button #12 [clickable] actions=Click tap=627,1944\n                  - Text #13 "Cancelar"');
  await expect(d).toMatchOutline('- Button\n  - Text "Cancelar"', { timeout: 0 });
  await expect(d).toMatchOutline('- Button "Cancelar"', { timeout: 0 });
  await expect(d).toMatchOutline('- Button "Cancelar"\n- Button "Guardar"', { timeout: 0 });
  await expect(d).toMatchOutline('- Button /Cancel/\n  - /children: equal\n  - Text "Cancelar"', { timeout: 0 });
  // The name is the merged text of the descendants: a wrong one fails, showing the right one.
  const wrong = await failure(expect(d).toMatchOutline('- Button "Cancelado"', { timeout: 0 }));
  expect(wrong.message).toContain('- - Button "Cancelado"\n+ - Button "Cancelar"');
  expect(wrong.message).not.toMatch(/View children=2|\n\+ - View/);
  // A locator's node is read the same way.
  await expect(d.byRole('Button', { name: 'Guardar' })).toMatchOutline('- Button "Guardar" [clickable]\n  - Text "Guardar"', { timeout: 0 });
});

test('005: { merged: false } matches and shows the raw tree, on the matcher or on the device', async () => {
  const d = await open('005.xml');
  const raw = '- View [clickable]\n  - Text "Cancelar"\n  - Button';
  await expect(d).toMatchOutline(raw, { merged: false, timeout: 0 });
  await expect(d).not.toMatchOutline(raw, { timeout: 0 });
  const failed = await failure(expect(d).toMatchOutline('- Button\n  - Text "Cancelar"', { merged: false, timeout: 0 }));
  expect(failed.message).toContain('View children=2 [clickable]');
  const unmerged = await open('005.xml', { merged: false });
  await expect(unmerged).toMatchOutline(raw, { timeout: 0 });
  expect(await unmerged.outline()).toContain('- View #12 [clickable]');
});

test('013: a failing toBeOperable names the node as the outline does; a raw locator names it raw', async () => {
  const d = await open('013.xml');
  const radio = d.byRole('RadioButton', { name: '왼쪽' });
  const e = await failure(expect(radio).toBeOperable({ timeout: 0 }));
  expect(e.message).toMatch(/\nNode: {8}RadioButton #10 /);
  expect(e.message).not.toContain('View #10');
  const raw = await failure(expect(d.byId('10', { merged: false })).toBeOperable({ timeout: 0 }));
  expect(raw.message).toMatch(/\nNode: {8}View #10 /);
  const device = await failure(expect((await open('013.xml', { merged: false })).byId('10')).toBeOperable({ timeout: 0 }));
  expect(device.message).toMatch(/\nNode: {8}View #10 /);
});

test('016: the a11y finding on Back names Button #94, the "Closest" hints name controls by their role; raw where asked', async () => {
  const d = await open('016.xml');
  const s = await d.snapshot();
  const back = audit(s).filter((f) => f.nodeId === '94');
  expect(back.length).toBeGreaterThan(0);
  for (const f of back) expect(f.node).toMatch(/^Button #94 /);
  for (const f of audit(s, { merged: false }).filter((f) => f.nodeId === '94')) expect(f.node).toMatch(/^View #94 /);
  // The same in the matcher's message.
  const a11y = await failure(expect(d.byRole('Button', { name: 'Back' })).toPassA11y({ timeout: 0 }));
  expect(a11y.message).toMatch(/Button #94 /);
  expect(a11y.message).not.toMatch(/View #94 /);
  const a11yRaw = await failure(expect((await open('016.xml', { merged: false })).byId('94')).toPassA11y({ timeout: 0 }));
  expect(a11yRaw.message).toMatch(/View #94 /);
  // Near matches: the Back control is a Button, and no merged role child is offered.
  const near = await failure(expect(d.byRole('Button', { name: 'Bak' })).toBeVisible({ timeout: 0 }));
  expect(near.message).toMatch(/1\) Button #94 \[clickable\] actions=Click tap=\S+ {2}\(same role, name 1 character differs\)/);
  expect(near.message).toMatch(/Roles on screen: .*Button ×6/);
  // Back's role child (an empty Button inside it) is merged away: never offered as a candidate.
  expect(near.message).not.toContain(`#${roleChildOf(s, '94')} `);
});

test('goldens are written in the merged view; a golden holding the raw tree keeps being compared raw and passes', async () => {
  const d = await open('005.xml');
  const s = await d.snapshot();
  const merged = toGolden(s);
  expect(merged).toMatch(/\n {16}- Button bounds=\S+ \[clickable\] actions=Click\n {18}- Text "Cancelar"/);
  expect(merged).not.toMatch(/- View bounds=\S+ \[clickable\]/);
  const raw = toGolden(s, { merged: false });
  expect(raw).toMatch(/- View bounds=\S+ \[clickable\] actions=Click\n {18}- Text "Cancelar" bounds=\S+\n {18}- Button bounds=/);
  expect(goldenIsMerged(parseGolden(merged))).toBe(true);
  expect(goldenIsMerged(parseGolden(raw))).toBe(false);
  // Both compare clean against the capture: the raw golden (as every golden written before this) with the raw tree.
  for (const text of [merged, raw]) expect(compareGolden(new TextEncoder().encode(text), 'g.tree', s).state).toBe('same');
  // A raw golden whose screen changed still reports the change, in the raw view.
  const changed = compareGolden(new TextEncoder().encode(raw.replace('"Cancelar"', '"Cancel"')), 'g.tree', s);
  expect(changed.state).toBe('changed');
  expect(formatGolden(goldenTreeOf({ snapshot: s, node: s.roots[0]!.node }))).toBe(merged.replace(/\nroot [^\n]*/, ''));
});

test('goldens through the matcher: a merged golden and a raw one (as written before) both pass; { merged: false } compares raw', async ({}, testInfo) => {
  const d = await open('005.xml');
  const s = await d.snapshot();
  const { mkdir, writeFile, rm } = await import('node:fs/promises');
  const path = testInfo.snapshotPath('merged-005.tree');
  await mkdir((await import('node:path')).dirname(path), { recursive: true });
  try {
    await writeFile(path, toGolden(s));
    await expect(d).toMatchGoldenTree('merged-005', { timeout: 0 });
    // Asked for the raw tree, the capture no longer matches the merged golden: the control is a View there.
    const rawAgainstMerged = await failure(expect(d).toMatchGoldenTree('merged-005', { merged: false, timeout: 0 }));
    expect(rawAgainstMerged.message).toMatch(/View|Button/);
    await writeFile(path, toGolden(s, { merged: false }));
    await expect(d).toMatchGoldenTree('merged-005', { timeout: 0 });
    await expect(d).toMatchGoldenTree('merged-005', { merged: false, timeout: 0 });
  } finally {
    await rm(path, { force: true });
  }
});

test('005: the wireframe names a control as the outline does and leaves its role child undrawn; raw with merged: false', async () => {
  const { renderWireframe } = await import('../../src/render/wireframe.js');
  const s = await (await open('005.xml')).snapshot();
  const child = roleChildOf(s, '12');
  const svg = renderWireframe(s, { failing: ['12'] });
  expect(svg).toContain('<title>failing: Button #12 [clickable] actions=Click tap=627,1944</title>');
  expect(svg).not.toContain(`data-id="${child}"`);
  const raw = renderWireframe(s, { failing: ['12'], merged: false });
  expect(raw).toContain('<title>failing: View #12 [clickable] actions=Click tap=627,1944</title>');
  expect(raw).toContain(`data-id="${child}"`);
});

test('002: a strict-mode violation lists its candidates as the outline names them', async () => {
  const d = await open('002.xml');
  const e = await failure(expect(d.byRole('Button', { name: 'More options', exact: true })).toBeOperable({ timeout: 0 }));
  expect(e.message).toMatch(/strict mode violation: byRole\('Button', \{ name: 'More options', exact: true \}\) resolved to 4 nodes:\n {4}1\) Button #\d+ /);
  expect(e.message).not.toMatch(/\d\) View #/);
});

test('mayMerge says exactly whether the view merges anything: every real capture, and a control beside each kind of near-pair', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { importTree } = await import('../../src/formats/index.js');
  const { mayMerge } = await import('../../src/facts/merged-view.js');
  const { makeNode } = await import('../../src/model/node.js');
  const { makeSnapshot } = await import('../../src/model/serialize.js');
  let merging = 0, captures = 0;
  for (const dir of ['uiautomator', 'trees', 'ios']) {
    for (const f of readdirSync(`fixtures/${dir}`).filter((x) => /\.(xml|json)$/.test(x))) {
      const s = importTree(readFileSync(`fixtures/${dir}/${f}`));
      captures++;
      expect(mayMerge(s), f).toBe(mergedView(s).mergedCount > 0);
      if (mayMerge(s)) merging++;
    }
  }
  // The dumps whose Compose controls come as a View plus a role child (002, 005, 013, 016) merge; the rest read raw.
  expect(merging).toBeGreaterThanOrEqual(4);
  expect(captures - merging).toBeGreaterThanOrEqual(15);

  // A clickable container and one leaf child: the pair merges only when the child is a control-role leaf
  // that says nothing, takes nothing and lies within the container.
  const box = { x: 0, y: 0, width: 100, height: 40 };
  const screen = (child: Parameters<typeof makeNode>[1], grand = false) => makeSnapshot({
    source: 'test', capturedAt: '1970-01-01T00:00:00.000Z',
    roots: [{ rootId: 'r', label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false,
      node: makeNode('0', { bounds: box, clickable: true, actions: ['Click'] }, [makeNode('1', { bounds: { x: 10, y: 10, width: 20, height: 20 }, ...child }, grand ? [makeNode('2')] : [])]) }],
  });
  const cases: Array<[string, ReturnType<typeof screen>, boolean]> = [
    ['a role child', screen({ role: 'Button' }), true],
    ['a child that names itself', screen({ role: 'Button', text: 'Go' }), false],
    ['a child that is clickable', screen({ role: 'Button', clickable: true }), false],
    ['a child outside the container', screen({ role: 'Button', bounds: { x: 90, y: 10, width: 20, height: 20 } }), false],
    ['a child with children', screen({ role: 'Button' }, true), false],
    ['a child whose role is not a control', screen({ role: 'Text' }), false],
  ];
  for (const [what, s, merges] of cases) {
    expect(mergedView(s).mergedCount > 0, what).toBe(merges);
    expect(mayMerge(s), what).toBe(merges);
  }
});
