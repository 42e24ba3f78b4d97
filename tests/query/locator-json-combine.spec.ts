// #13 item 9 (JSON locators): `or` / `and` in the JSON locator form the MCP shim takes, agreeing with
// the code form (`locator.or(other)`, `.and(other)`), on a real uiautomator dump (the corpus' exit dialog).
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importTree } from '../../src/formats/index.js';
import { parseLocator } from '../../src/query/parse-locator.js';
import { LocatorInputSchema, locatorFromInput } from '../../src/query/locator-json.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { selectorToCode } from '../../src/query/selector.js';
import { TargetError } from '../../src/errors.js';
import { localAgent } from '../agents/helpers.js';

const DUMP = 'fixtures/uiautomator/034.xml';
const snapshot = () => importTree(readFileSync(path.resolve(DUMP), 'utf8'), { where: DUMP });
const texts = (sel: ReturnType<typeof parseLocator>) => resolveSelector(snapshot(), sel).map((n) => n.text);

test('or / and steps read from JSON equal the code form and resolve the same nodes', () => {
  const cases: Array<[unknown, string]> = [
    [[{ kind: 'text', text: 'CANCEL', exact: true }, { kind: 'or', locator: "byText('EXIT', { exact: true })" }], "byText('CANCEL', { exact: true }).or(byText('EXIT', { exact: true }))"],
    [[{ kind: 'role', role: 'Button' }, { kind: 'and', locator: { kind: 'text', text: 'exit' } }], "byRole('Button').and(byText('exit'))"],
    // Nested steps as the other locator, and a combination inside a filter's `has`.
    [[{ kind: 'text', text: 'CANCEL', exact: true }, { kind: 'or', locator: [{ kind: 'role', role: 'Button' }, { kind: 'nth', index: -1 }] }], "byText('CANCEL', { exact: true }).or(byRole('Button').last())"],
  ];
  for (const [json, code] of cases) {
    const sel = locatorFromInput(LocatorInputSchema.parse(json));
    expect(sel).toEqual(parseLocator(code));
    expect(selectorToCode(sel)).toBe(code);
  }
  expect(texts(locatorFromInput(LocatorInputSchema.parse(cases[0]![0])))).toEqual(['CANCEL', 'EXIT']);
  // Both: the Buttons whose text has "exit" — the EXIT button, not the "Exit App" title text.
  const both = resolveSelector(snapshot(), locatorFromInput(LocatorInputSchema.parse(cases[1]![0])));
  expect(both.map((n) => [n.role, n.text])).toEqual([['Button', 'EXIT']]);
});

test('bad or / and input is refused by the schema, naming the field, and the nesting limit counts or / and', () => {
  const issues = (v: unknown) => {
    const r = LocatorInputSchema.safeParse(v);
    expect(r.success).toBe(false);
    return r.error!.issues;
  };
  // The other locator is required, must be a locator, and no other field is allowed.
  expect(JSON.stringify(issues({ kind: 'or' }))).toContain('locator');
  expect(JSON.stringify(issues({ kind: 'and', locator: 42 }))).toContain('locator');
  expect(JSON.stringify(issues({ kind: 'or', locator: "byTag('a')", selector: [] }))).toContain('selector');
  expect(LocatorInputSchema.safeParse({ kind: 'or', locator: [] }).success).toBe(false);
  // A code-form locator inside is parsed with its own error position.
  let err: unknown;
  try { locatorFromInput(LocatorInputSchema.parse([{ kind: 'tag', tag: 'a' }, { kind: 'or', locator: "byTag('b'" }])); } catch (e) { err = e; }
  expect(err).toBeInstanceOf(TargetError);
  expect((err as TargetError).code).toBe('invalid_arguments');
  // 16 levels of or are fine, 17 are refused, by both forms, before zod recurses (3,000 levels).
  const nest = (depth: number): unknown => {
    let x: unknown = { kind: 'tag', tag: 'x' };
    for (let i = 0; i < depth; i++) x = [{ kind: 'tag', tag: 'a' }, { kind: i % 2 ? 'and' : 'or', locator: x }];
    return x;
  };
  expect(locatorFromInput(LocatorInputSchema.parse(nest(16)))).toHaveLength(2);
  expect(issues(nest(17))[0]!.message).toMatch(/locators inside has \/ hasNot \/ or \/ and nested more than 16 deep \(at locator\[1\]\.locator/);
  expect(LocatorInputSchema.safeParse(nest(3_000)).success).toBe(false);
  expect(() => parseLocator("byTag('a')" + ".or(byTag('a')".repeat(17) + ')'.repeat(17))).toThrow(/or \/ and nested more than 16 deep/);
});

test('through the MCP find_nodes tool: or / and as JSON, and a bad one answered as invalid_arguments', async () => {
  const agent = await localAgent({ source: `file:${DUMP}` });
  try {
    const either = await agent.call('find_nodes', { locator: [{ kind: 'text', text: 'CANCEL', exact: true }, { kind: 'or', locator: "byText('EXIT', { exact: true })" }] });
    expect(either.env.ok).toBe(true);
    expect(either.env.value).toMatchObject({ count: 2, locator: "byText('CANCEL', { exact: true }).or(byText('EXIT', { exact: true }))" });
    expect(either.text).toMatch(/"CANCEL"[\s\S]*"EXIT"/);
    const both = await agent.call('find_nodes', { locator: [{ kind: 'role', role: 'Button' }, { kind: 'and', locator: { kind: 'text', text: 'exit' } }] });
    expect(both.env.value).toMatchObject({ count: 1, locator: "byRole('Button').and(byText('exit'))" });
    const bad = await agent.call('find_nodes', { locator: [{ kind: 'tag', tag: 'a' }, { kind: 'or' }] });
    expect(bad.env.ok).toBe(false);
    expect(bad.env.error!.code).toBe('invalid_arguments');
    expect(JSON.stringify(bad.env.error!.details.issues)).toContain('locator');
  } finally {
    await agent.close();
  }
});
