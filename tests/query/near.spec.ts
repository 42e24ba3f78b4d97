// Item 2 of #13: a locator that matches nothing lists what is close (real dumps and a Cyrillic typo).
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { n, r, root, snap } from '../helpers/build.js';
import { importTree } from '../../src/formats/index.js';
import { Device } from '../../src/devices/device.js';
import { connect } from '../../src/devices/connect.js';
import { noMatchReport, noMatchLines } from '../../src/query/near.js';
import { TargetError } from '../../src/errors.js';

const dump = (f: string) => importTree(readFileSync(`fixtures/uiautomator/${f}`, 'utf8'), { where: f });

test('a typo in a button name: the same role with the near name first, then the roles on screen', () => {
  const s = snap(root(n({ id: '1', bounds: r(0, 0, 1080, 2400) }, [
    n({ id: '2', role: 'Button', text: 'Создать', clickable: true, actions: ['Click'], bounds: r(0, 0, 500, 100) }),
    n({ id: '3', role: 'Button', text: 'Отмена', clickable: true, actions: ['Click'], bounds: r(0, 100, 500, 100) }),
    n({ id: '4', role: 'Text', text: 'Создатъ проект', bounds: r(0, 200, 500, 100) }),
  ])));
  const rep = noMatchReport(s, [{ kind: 'role', role: 'Button', options: { name: 'Создатъ' } }]);
  expect(rep.near.map((m) => [m.node.id, m.why])).toEqual([
    ['2', 'same role, name 1 character differs'],
    ['4', 'same name, role Text'],
    ['3', 'same role, another name'],
  ]);
  expect(rep.roles).toEqual([{ role: 'Button', count: 2 }, { role: 'Text', count: 1 }]);
  expect(noMatchLines(rep).at(-1)).toBe('Roles on screen: Button ×2, Text ×1');
});

test('on a real dump (005.xml): a swapped letter in byText, a name that exists only as Text, a misspelt role', () => {
  const s = dump('005.xml');
  const typo = noMatchReport(s, [{ kind: 'text', text: 'Guardra', exact: false }]);
  expect(typo.near[0]!.node.text).toBe('Guardar');
  expect(typo.near[0]!.why).toBe('text 1 character differs');
  const named = noMatchReport(s, [{ kind: 'role', role: 'Button', options: { name: 'Cancelar' } }]);
  expect(named.near.find((m) => m.node.text === 'Cancelar')?.why).toBe('same name, role Text');
  const role = noMatchReport(s, [{ kind: 'role', role: 'TextFeild', options: {} }]);
  expect(role.near[0]!.node.role).toBe('TextField');
  expect(role.roles.map((x) => x.role)).toEqual(expect.arrayContaining(['Text', 'Button', 'TextField']));
});

test('the not-found error of locator.one() and of a matcher carries the list; nothing close says so', async () => {
  const device = await connect('file:fixtures/uiautomator/005.xml');
  const e = await device.byText('Guardra').one().catch((x) => x);
  expect(e).toBeInstanceOf(TargetError);
  expect(e.message).toContain('Closest:\n    1) Text #16 "Guardar"');
  const none = await device.byTag('zzzzqqqq').one().catch((x) => x);
  expect(none.message).toContain('Nothing close to it on screen.');
  expect(none.message).toMatch(/Roles on screen: .*Text ×5/);
  await device.close();
  expect(Device).toBeTruthy();
});
