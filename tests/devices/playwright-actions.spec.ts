// Playwright's actions on the reference app and on captures: what each driver does, and each driver's
// refusal where it cannot act (naming the driver, and a next step that can work).
import { test, expect } from '@playwright/test';
import { connect } from '../../src/devices/connect.js';
import { isTreewrightError } from '../../src/errors.js';
import { Device } from '../../src/devices/device.js';
import { ScriptedDriver, n, r, root, snap } from '../helpers/build.js';
import type { PerformResult } from '../../src/devices/driver.js';

async function errorOf(p: Promise<unknown>) {
  try { await p; } catch (e) { expect(isTreewrightError(e), String(e)).toBe(true); return e as Error & { code: string; details: { hint?: string } }; }
  throw new Error('expected a typed error');
}

test('reference app: check is idempotent and verified, uncheck and setChecked; press Enter is the IME action', async () => {
  const d = await connect({ kind: 'reference', signedIn: true });
  await d.getByRole('button', { name: 'Settings' }).click();
  const wifi = d.getByRole('switch', { name: 'Wi-Fi' });
  expect(await wifi.isChecked()).toBe(false);
  expect((await wifi.check()).via).toBe('semantic');
  expect((await wifi.check()).message).toBe('already checked');
  expect(await wifi.isChecked()).toBe(true);
  await wifi.setChecked(false);
  expect(await wifi.isChecked()).toBe(false);
  expect((await wifi.uncheck()).message).toBe('already unchecked');
  await d.close();

  const s = await connect('reference');
  await s.getByLabel('Email').pressSequentially('ada@');
  await s.getByLabel('Email').pressSequentially('example.com');
  expect(await s.getByLabel('Email').inputValue()).toBe('ada@example.com');
  const enter = await s.getByLabel('Email').press('Enter');
  expect(enter.via).toBe('semantic');
  expect(await s.getByLabel('Password').isEditable()).toBe(true);
  expect(await s.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);
  await s.close();
});

test('each driver refuses what it cannot do, naming itself and what can work', async () => {
  const ref = await connect('reference');
  const tab = await errorOf(ref.getByTestId('email').press('Tab', { timeout: 500 }));
  expect(tab.code).toBe('action_unavailable');
  expect(tab.message).toContain("reference delivers only the keys Enter, Backspace, End, not 'Tab'");
  for (const action of ['hover', 'dblclick', 'blur'] as const) {
    const e = await errorOf(ref.getByTestId('email')[action]({ timeout: 500 }));
    expect(e.code).toBe('action_unavailable');
    expect(e.message).toContain('reference ');
    expect(e.details.hint).toContain('a web page (web:<url>)');
  }
  const heading = await errorOf(ref.getByRole('heading').check({ timeout: 500 }));
  expect(heading.message).toContain('check needs a node with a checked state');
  const select = await errorOf(ref.getByTestId('email').selectOption('x', { timeout: 500 }));
  expect(select.message).toContain('selectOption needs a select or dropdown; this node is a TextField');
  // fill on a node that is not a field names no drivers: none could fill it.
  const fill = await errorOf(ref.getByRole('heading').fill('x', { timeout: 500 }));
  expect(fill.message).toContain('the node is not editable');
  expect(fill.details.hint).not.toContain('Drivers');
  expect(fill.details.hint).toContain("getByRole('textbox'");
  await ref.close();

  const file = await connect('file:fixtures/ios/xcuitest-settings-back.xml');
  const check = await errorOf(file.getByRole('switch').check({ timeout: 500 }));
  expect(check.message).toContain('cannot deliver taps');
  expect(check.details.hint).toContain('A captured file supports no actions');
  const press = await errorOf(file.getByLabel('Password').press('Enter', { timeout: 500 }));
  expect(press.message).toContain('has no keyboard');
  await file.close();
});

test('a click that does not toggle fails check after the timeout, saying what the node is', async () => {
  const sw = n({ id: '2', role: 'Switch', toggle: 'off', clickable: true, actions: ['Click'], bounds: r(0, 0, 100, 40) }, [n({ text: 'Wi-Fi', bounds: r(0, 0, 50, 40) })]);
  const frame = snap(root(n({ id: '1', bounds: r(0, 0, 400, 800) }, [sw])));
  const driver = new ScriptedDriver([frame]);
  const clicks: string[] = [];
  Object.assign(driver, { perform: async (t: { node: { id: string } }): Promise<PerformResult> => { clicks.push(t.node.id); return { performed: true }; } });
  const d = new Device(driver);
  const e = await errorOf(d.getByRole('switch', { name: 'Wi-Fi' }).check({ timeout: 300 }));
  expect(clicks).toEqual(['2']);
  expect(e.message).toContain("getByRole('switch', { name: 'Wi-Fi' }).check(): clicking did not make it checked: it is off");
  const radio = n({ role: 'RadioButton', toggle: 'on', clickable: true, actions: ['Click'], bounds: r(0, 0, 100, 40) });
  const d2 = new Device(Object.assign(new ScriptedDriver([snap(root(n({ bounds: r(0, 0, 400, 800) }, [radio])))]), { perform: async () => ({ performed: true }) }));
  expect((await errorOf(d2.getByRole('radio').uncheck({ timeout: 300 }))).message).toContain('a radio button cannot be unchecked');
});

test('selectOption on a dropdown that is not a web <select>: opened, the option clicked, on a semantic driver', async () => {
  let open = false;
  let value = 'English';
  const frame = () => {
    const dropdown = n({ id: '10', role: 'DropdownList', clickable: true, actions: ['Click'], bounds: r(0, 100, 300, 48) }, [n({ id: '11', text: value, bounds: r(0, 100, 200, 48) })]);
    const menu = open
      ? [n({ id: '20', role: 'Menu', bounds: r(0, 150, 300, 200) }, ['English', 'Français', '日本語'].map((t, i) => n({ id: `2${i + 1}`, role: 'MenuItem', clickable: true, actions: ['Click'], bounds: r(0, 150 + i * 50, 300, 48) }, [n({ id: `3${i + 1}`, text: t, bounds: r(0, 150 + i * 50, 200, 48) })])))]
      : [];
    return snap(root(n({ id: '1', bounds: r(0, 0, 400, 800) }, [n({ id: '2', text: 'Language', bounds: r(0, 60, 200, 30) }), dropdown, ...menu])));
  };
  const clicked: string[] = [];
  const driver = Object.assign(new ScriptedDriver(frame), {
    perform: async (t: { node: { id: string } }): Promise<PerformResult> => {
      clicked.push(t.node.id);
      if (t.node.id === '10') open = true;
      else if (open && t.node.id.startsWith('2')) { value = ['English', 'Français', '日本語'][Number(t.node.id[1]) - 1]!; open = false; }
      return { performed: true };
    },
  });
  const d = new Device(driver);
  const receipt = await d.getByRole('combobox').selectOption('Français');
  expect(receipt.via).toBe('choose');
  expect(clicked).toEqual(['10', '22']);
  expect(await d.getByRole('combobox').textContent()).toBe('Français');
  const e = await errorOf(d.getByRole('combobox').selectOption('Deutsch', { timeout: 300 }));
  expect(e.code).toBe('target_not_found');
  expect(e.message).toContain("no option 'Deutsch' is on screen after opening");
});
