// The layer order of src/ (docs/design.md §3) holds, the check catches each kind of breach, and
// treewright/core's static imports hold no reference app or MCP code (what the built entries load at
// run time: lazy-imports.spec.ts).
import { test, expect } from '@playwright/test';
import path from 'node:path';
import { importsOf, layerOf, srcGraph, staticClosure, violations, type ImportEdge } from './layers.js';

const REPO = path.resolve(import.meta.dirname, '../..');

test('src/ imports only along the layer order', () => {
  const found = violations(srcGraph(REPO)).map((v) => `${v.from}:${v.line} → ${v.to}: ${v.reason}`);
  expect(found).toEqual([]);
});

test('above src/: matchers and agents import only src/, the runner src/ and matchers/ (the shim lazily)', () => {
  const found = violations(srcGraph(REPO, ['runner', 'matchers', 'agents'])).map((v) => `${v.from}:${v.line} → ${v.to}: ${v.reason}`);
  expect(found).toEqual([]);
  const edge = (from: string, to: string, dynamic = false): ImportEdge => ({ from, to, line: 1, dynamic });
  expect(violations([
    edge('matchers/drift.ts', 'runner/fixtures.ts'),
    edge('agents/tools/check.ts', 'matchers/drift.ts'),
    edge('runner/cli.ts', 'agents/cli.ts', true),
    edge('runner/fixtures.ts', 'agents/cli.ts', true),
    edge('runner/expect.ts', 'matchers/index.ts'),
  ]).map((v) => v.reason)).toEqual([
    'matchers/ imports only src/, not runner/',
    'agents/ imports only src/, not matchers/',
    'runner/ imports only src/, matchers/, not agents/',
  ]);
});

test('every file of src/ is in a layer', () => {
  const edges = srcGraph(REPO);
  expect(edges.length).toBeGreaterThan(300);
  const files = new Set(edges.flatMap((e) => [e.from, e.to]).filter((f) => f.startsWith('src/')));
  expect([...files].filter((f) => layerOf(f) < 0)).toEqual([]);
});

test('the check reports each kind of breach', () => {
  const text = [
    "import { renderOutline } from '../outline/outline.js';", // down: fine
    "import type { Device } from '../devices/device.js';", // up, type-only: still a breach
    "import { expect } from '../../runner/expect.js';", // out of the core
    "const lazy = () => import('../reference-app/app.js');", // dynamic up, not listed
    "// import { x } from '../devices/device.js'; (a comment, not an import)",
    "export { walk } from '../model/node.js';",
  ].join('\n');
  const edges = importsOf('src/query/example.ts', text);
  expect(edges.map((e) => [e.to, e.line, e.dynamic])).toEqual([
    ['src/outline/outline.ts', 1, false],
    ['src/devices/device.ts', 2, false],
    ['runner/expect.ts', 3, false],
    ['src/reference-app/app.ts', 4, true],
    ['src/model/node.ts', 6, false],
  ]);
  const reasons = violations(edges).map((v) => [v.to, v.reason]);
  expect(reasons).toEqual([
    ['src/devices/device.ts', 'src/query/ (layer 6) imports src/devices/ (layer 11), which is above it'],
    ['runner/expect.ts', 'src/ never imports runner/'],
    ['src/reference-app/app.ts', 'src/query/ (layer 6) imports src/reference-app/ (layer 13), which is above it'],
  ]);
});

test('same-layer folders, unknown folders and fixtures are breaches; a listed lazy import is not', () => {
  const edge = (from: string, to: string, dynamic = false): ImportEdge => ({ from, to, line: 1, dynamic });
  const reasons = violations([
    edge('src/model/node.ts', 'src/errors.ts'),
    edge('src/widgets/x.ts', 'src/model/node.ts'),
    edge('src/devices/file.ts', 'fixtures/trees/home.ts'),
    edge('src/devices/connect.ts', 'src/reference-app/driver.ts', true),
    edge('src/devices/connect.ts', 'src/reference-app/driver.ts', false),
  ]).map((v) => v.reason);
  expect(reasons).toEqual([
    'src/model/ and src/errors.ts share a layer and may not import each other',
    'src/widgets/x.ts is in no layer: add its folder to LAYERS (tests/structure/layers.ts) and docs/design.md §3',
    'src/ never imports fixtures/',
    'src/devices/ (layer 11) imports src/reference-app/ (layer 13), which is above it',
  ]);
});

test('what treewright/core loads statically holds no reference app and no MCP serving', () => {
  const loaded = staticClosure(srcGraph(REPO), 'src/index.ts');
  expect(loaded.has('src/devices/connect.ts')).toBe(true);
  expect([...loaded].filter((f) => f.startsWith('src/reference-app/') || f.startsWith('src/mcp/') || !f.startsWith('src/'))).toEqual([]);
});
