// getByLabel through Android's labelFor. No real capture in the corpus carries the relation (neither
// `uiautomator dump` nor Appium's page source writes it), so these tests read a capture MODIFIED from
// a real one, fixtures/uiautomator/005.xml: its EditText gets the resource-id
// `com.carlos.controlmedicamentos:id/units` and the TextView above it ("Stock actual: -2 uds.
// ¿Cuántas unidades añades?") the attribute `labelFor` naming that id, as `android:labelFor` would.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { importTree } from '../../src/formats/index.js';
import { Device } from '../../src/devices/device.js';
import { ScriptedDriver } from '../helpers/build.js';
import { labelOf, labelsOf } from '../../src/query/get-by.js';
import type { Snapshot } from '../../src/model/schema.js';

const REAL = readFileSync(new URL('../../fixtures/uiautomator/005.xml', import.meta.url), 'utf8');
const QUESTION = 'text="Stock actual: -2 uds. ¿Cuántas unidades añades?"';
const FIELD = 'resource-id="" class="android.widget.EditText"';

/** 005.xml with the relation added; `labelFor` is what the label's attribute says. */
function modified(labelFor: string, fieldId = 'com.carlos.controlmedicamentos:id/units'): string {
  expect(REAL).toContain(QUESTION);
  expect(REAL).toContain(FIELD);
  return REAL.replace(QUESTION, `${QUESTION} labelFor="${labelFor}"`).replace(FIELD, `resource-id="${fieldId}" class="android.widget.EditText"`);
}

const device = (s: Snapshot) => new Device(new ScriptedDriver([s]));

test('the labelled field is found by its label\'s text, by full resource-id or entry name; the label itself is not', async () => {
  for (const value of ['com.carlos.controlmedicamentos:id/units', 'units', '@+id/units', '@id/units']) {
    const s = importTree(modified(value), { where: '005-labelfor.xml' });
    const d = device(s);
    const field = await d.getByLabel('¿Cuántas unidades añades?').one();
    expect(field.node.role).toBe('TextField');
    expect(field.node.platform.labeledBy).toEqual({ id: '9', text: 'Stock actual: -2 uds. ¿Cuántas unidades añades?' });
    expect(await d.getByLabel('Stock actual: -2 uds. ¿Cuántas unidades añades?', { exact: true }).count()).toBe(1);
    expect(await d.getByLabel(/unidades añades/).count()).toBe(1);
  }
});

test('without the relation (the real dump) nothing is labelled so; a value naming no view, or two, links nothing', async () => {
  expect(await device(importTree(REAL, { where: '005.xml' })).getByLabel('Cuántas unidades').count()).toBe(0);
  for (const [value, fieldId] of [['com.carlos.controlmedicamentos:id/amount', 'com.carlos.controlmedicamentos:id/units'], ['units', '']] as const) {
    const s = importTree(modified(value, fieldId), { where: '005-labelfor.xml' });
    expect(await device(s).getByLabel('Cuántas unidades').count()).toBe(0);
  }
  // Two views with the id: which one is meant cannot be told, so neither is labelled.
  const twice = modified('units').replace('text="Recargar stock" resource-id=""', 'text="Recargar stock" resource-id="com.carlos.controlmedicamentos:id/units"');
  expect(twice).toContain('"Recargar stock" resource-id="com.carlos.controlmedicamentos:id/units"');
  expect(await device(importTree(twice, { where: '005-labelfor.xml' })).getByLabel('Cuántas unidades').count()).toBe(0);
});

test('the field\'s own label stays first and still matches; labelFor adds a second', () => {
  const s = importTree(modified('units'), { where: '005-labelfor.xml' });
  const field = s.roots[0]!.node;
  let found = null as null | typeof field;
  const stack = [field];
  while (stack.length) { const n = stack.pop()!; if (n.role === 'TextField') found = n; stack.push(...n.children); }
  expect(labelsOf(found!)).toEqual(['Stock actual: -2 uds. ¿Cuántas unidades añades?']);
  // A field with a content description keeps it as its label, and is found by both.
  const described = { ...found!, contentDescription: 'Units' };
  expect(labelOf(described)).toBe('Units');
  expect(labelsOf(described)).toEqual(['Units', 'Stock actual: -2 uds. ¿Cuántas unidades añades?']);
});
