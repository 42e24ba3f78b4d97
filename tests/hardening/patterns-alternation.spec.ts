// Item 1 of #32: a pattern without any quantifier can still make a backtracking engine try every split
// of the text — (?:a|aa) written 40 times against 100 a's and a non-matching end is more splits than a
// backtracking engine could try in years. Every user pattern runs in RE2, so each of these calls
// returns at once; no clock is read: a path still on a backtracking engine holds the test past its
// timeout. The MCP server keeps answering beside such a call, and exits on SIGTERM mid-call.
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { connect } from '../../src/devices/connect.js';
import { importTree } from '../../src/formats/index.js';
import { parseLocator } from '../../src/query/parse-locator.js';
import { locatorFromInput } from '../../src/query/locator-json.js';
import { compilePattern } from '../../src/common/pattern.js';
import { parseOutline } from '../../src/outline/outline-parse.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { matchOutline } from '../../src/analysis/outline-match.js';
import { SERVER_COMMAND, serverEnv } from '../agents/helpers.js';

const BODY = '(?:a|aa)'.repeat(40);
const SRC = `^${BODY}$`;
const EVIL = new RegExp(SRC);
const TEXT = 'a'.repeat(100) + '!';
const dump = `<hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="[0,0][100,100]"><node text="${TEXT}" class="android.widget.Button" clickable="true" bounds="[0,0][50,50]"/><node text="x" content-desc="${TEXT}" class="android.widget.TextView" bounds="[0,50][50,100]"/></node></hierarchy>`;

test('a quantifier-free pattern with overlapping alternatives runs in linear time on every path', async () => {
  expect(compilePattern(EVIL).test(TEXT)).toBe(false);
  // Linear, not merely refusing: the same alternation matches where it should (40 × 'aa' = 80 a's).
  expect(compilePattern(EVIL).test('a'.repeat(80))).toBe(true);
  const s = importTree(dump, { where: 'evil.xml' });
  expect(resolveSelector(s, [{ kind: 'text', text: EVIL, exact: false }])).toHaveLength(0);
  expect(resolveSelector(s, [{ kind: 'role', role: 'Button', options: { name: EVIL } }])).toHaveLength(0);
  expect(resolveSelector(s, [{ kind: 'desc', text: EVIL, exact: false }])).toHaveLength(0);
  expect(resolveSelector(s, [{ kind: 'filter', options: { hasText: EVIL } }])).toHaveLength(0);
  expect(resolveSelector(s, locatorFromInput({ kind: 'text', text: { regex: SRC } }))).toHaveLength(0);
  expect(resolveSelector(s, parseLocator(`byText(/${SRC}/)`))).toHaveLength(0);
  expect(matchOutline(parseOutline(`- /${SRC}/\n`), s).pass).toBe(false);
  const device = await connect({ kind: 'uiautomator', xml: dump });
  try {
    expect(await device.byText(EVIL).count()).toBe(0);
    expect(await device.byRole('Button', { name: EVIL }).count()).toBe(0);
    expect(await device.byTag('android.widget.Button').filter({ hasText: EVIL }).count()).toBe(0);
  } finally {
    await device.close();
  }
});

test('the JavaScript meaning is kept where RE2 reads the same text differently', () => {
  const texts = ['a\rb', 'b\r\nc', 'x\u2028y', 'a\u00a0b', 'a\u3000b', 'a\tb', 'a\\cb', 'ab', '', '[]', 'a{b}', '😀', 'é', 'ΟΔΟΣ'];
  const patterns = [
    /^b$/m, /c$|^x/m, /a\sb/, /^\S+$/, /[\s]/, /[^\s]/, /a.b/, /a.b/s, new RegExp('[]'), /[^]/, /a{b}/, /\]/, /\c/, /\cJ/, new RegExp('\\e'), /[\b]/,
    /\uD83D\uDE00/, /\u{1F600}/u, /^.$/u, /\p{Script=Greek}+/u, /\p{Lu}/u, /οδος/iu, /(?<w>a)b/, /\x61/i, /\0/,
  ];
  for (const p of patterns) {
    const c = compilePattern(p);
    for (const t of texts) expect(c.test(t), `${p} on ${JSON.stringify(t)} (RE2: ${c.re2})`).toBe(p.test(t));
  }
});

test('what RE2 cannot run is refused where it is given, naming the construct and what to write', () => {
  const refused: Array<[RegExp, RegExp]> = [
    [/a(?=b)/, /lookahead \(\?=/],
    [/(?<=a)b/, /lookbehind \(\?<=/],
    [/(a)\1/, /backreference \\1/],
    [new RegExp('[\\p{L}--[a-z]]', 'v'), /the v flag/],
    [/[a\S]/, /\\S inside a character class/],
    [/a$\nb/m, /\$ with the m flag followed by more pattern/],
  ];
  for (const [re, why] of refused) {
    type Caught = { code?: string; message: string; details: Record<string, unknown> } | null;
    let e: Caught = null;
    try { compilePattern(re, 'byText'); } catch (x) { e = x as Caught; }
    expect(e?.code, String(re)).toBe('invalid_arguments');
    expect(e?.message).toMatch(why);
    expect(typeof e?.details.hint).toBe('string');
    expect(e?.details.construct).toBeTruthy();
  }
});

function tempRoot(): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'tw-alt-')));
  writeFileSync(path.join(dir, 'evil.xml'), dump);
  return dir;
}

/** The MCP shim as a process on stdio: send lines, read answers by id. */
function server(args: string[]) {
  const [command, ...rest] = SERVER_COMMAND;
  const proc = spawn(command, [...rest, ...args], { env: serverEnv() });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-RPC answers are read loosely in tests
  const answers = new Map<number | null, any>();
  const waiters: Array<() => void> = [];
  createInterface({ input: proc.stdout }).on('line', (l) => {
    const m = JSON.parse(l) as { id: number | null };
    answers.set(m.id, m);
    for (const w of waiters.splice(0)) w();
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  let id = 1;
  return {
    proc, exited, answers,
    send(method: string, params: unknown): number {
      const n = ++id;
      proc.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: n, method, params }) + '\n');
      return n;
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    async answer(n: number): Promise<any> {
      while (!answers.has(n)) await new Promise<void>((r) => waiters.push(r));
      return answers.get(n);
    },
    async init() {
      await this.answer(this.send('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } }));
      proc.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
    },
  };
}

test('MCP: find_nodes with the pattern answers, and the calls sent beside it are answered too', async () => {
  const root = tempRoot();
  const s = server(['--source', 'file:evil.xml', '--root', root]);
  try {
    await s.init();
    const evil = s.send('tools/call', { name: 'find_nodes', arguments: { locator: `byText(/${SRC}/)` } });
    const list = s.send('tools/list', {});
    const plain = s.send('tools/call', { name: 'find_nodes', arguments: { locator: "byRole('Button')" } });
    expect((await s.answer(evil)).result.structuredContent.ok).toBe(true);
    expect((await s.answer(list)).result.tools.length).toBeGreaterThan(0);
    expect((await s.answer(plain)).result.structuredContent.value.count).toBe(1);
  } finally {
    s.proc.stdin.end();
    await s.exited;
    rmSync(root, { recursive: true, force: true });
  }
});

test('MCP: SIGTERM mid-call (a device that never answers) ends the process, without waiting for the device timeout', async () => {
  // An Appium server that accepts the session request and never answers: connect waits up to its
  // 120 s connect timeout, far past this test's own timeout.
  let seen!: () => void;
  const requested = new Promise<void>((r) => { seen = r; });
  const held: Array<import('node:http').ServerResponse> = [];
  const fake: Server = createServer((_req, res) => { held.push(res); seen(); });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const port = (fake.address() as AddressInfo).port;
  const root = tempRoot();
  const s = server(['--source', `appium:http://127.0.0.1:${port}`, '--root', root]);
  try {
    await s.init();
    const call = s.send('tools/call', { name: 'find_nodes', arguments: {} });
    await requested;
    s.proc.kill('SIGTERM');
    await s.exited;
    // It ended mid-call: the call was never answered.
    expect(s.answers.has(call)).toBe(false);
  } finally {
    s.proc.kill('SIGKILL');
    for (const r of held) r.destroy();
    fake.closeAllConnections();
    await new Promise((r) => fake.close(r));
    rmSync(root, { recursive: true, force: true });
  }
});
