// Seeded fuzz cases for #15, shared by tests/hardening/fuzz.spec.ts (a few seconds) and bench/fuzz.ts
// (≥ 500 cases, counts by outcome). Each case knows what a correct outcome is, so the runner can
// tell a typed refusal from a crash, a hang, a silent loss (loaded though the input was corrupted in
// a way that must be refused, or loaded with a different tree) and a legal input refused.
import { readFileSync, readdirSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isTreewrightError } from '../src/errors.js';
import { importTree } from '../src/formats/index.js';
import { walk } from '../src/model/node.js';
import type { Snapshot } from '../src/model/schema.js';
import { compilePattern } from '../src/common/pattern.js';
import { LiveDriver } from '../src/devices/live.js';
import { prng } from './prng.js';

export type Outcome = 'typed error' | 'loaded' | 'crash' | 'hang' | 'silent loss' | 'legal refused';
export const OUTCOMES: Outcome[] = ['typed error', 'loaded', 'crash', 'hang', 'silent loss', 'legal refused'];

export interface FuzzCase {
  category: string;
  name: string;
  /** Runs the case; resolves its outcome. `hangMs` bounds it. */
  run(): Promise<Outcome>;
}

/** A case still running after this long is a hang: far past any timeout a case sets, so a slow machine is not a hang. */
const HANG_MS = 15_000;
const REPO = path.resolve(import.meta.dirname, '..');

/** Corpus inputs the importer cases mutate (real dumps and trees no one here wrote). */
function corpus(): Array<{ name: string; bytes: Buffer }> {
  const dirs = ['fixtures/uiautomator', 'fixtures/trees'];
  const out: Array<{ name: string; bytes: Buffer }> = [];
  for (const d of dirs) {
    for (const f of readdirSync(path.join(REPO, d)).sort()) {
      if (/\.(xml|json)$/.test(f)) out.push({ name: `${d}/${f}`, bytes: readFileSync(path.join(REPO, d, f)) });
    }
  }
  return out;
}

/** Runs `fn` and classifies: a typed error, a result judged by `judge`, or a crash / hang. */
export async function classify<T>(fn: () => T | Promise<T>, judge: (r: T) => Outcome, onTyped: Outcome = 'typed error'): Promise<Outcome> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const r = await Promise.race([
      Promise.resolve().then(fn),
      new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new HangError()), HANG_MS); }),
    ]);
    if (performance.now() - t0 > HANG_MS) return 'hang';
    return judge(r);
  } catch (e) {
    if (e instanceof HangError || performance.now() - t0 > HANG_MS) return 'hang';
    return isTreewrightError(e) ? onTyped : 'crash';
  } finally {
    clearTimeout(timer);
  }
}
class HangError extends Error {}

/** The model never holds Infinity / NaN in bounds. */
function allFinite(s: Snapshot): boolean {
  let ok = true;
  walk(s, ({ node }) => { const b = node.bounds; if (![b.x, b.y, b.width, b.height, b.x + b.width, b.y + b.height].every(Number.isFinite)) ok = false; });
  return ok;
}

const treeOf = (bytes: Buffer | string) => JSON.stringify(importTree(bytes, { capturedAt: 'x' }).roots);

/** Importer cases: legal re-encodings must load to the same tree; corruptions must be typed errors. */
export function importerCases(seed: number, count: number): FuzzCase[] {
  const rnd = prng(seed);
  const files = corpus();
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const cases: FuzzCase[] = [];
  const kinds = ['utf16le-bom', 'utf16be-bom', 'utf8-bom', 'fffd', 'charref-zeros', 'invalid-byte', 'control', 'dup-key', 'proto', 'overflow', 'truncate', 'flip'] as const;
  for (let i = 0; i < count; i++) {
    const f = pick(files);
    const kind = kinds[i % kinds.length]!;
    const xml = f.name.endsWith('.xml');
    const text = f.bytes.toString('utf8');
    const at = 1 + Math.floor(rnd() * (f.bytes.length - 2));
    cases.push({
      category: 'importer',
      name: `${kind} ${f.name}@${at}`,
      run: async () => {
        const want = treeOf(f.bytes);
        const same = (bytes: Buffer | string) => classify(() => treeOf(bytes), (t) => (t === want ? 'loaded' : 'silent loss'), 'legal refused');
        const refused = (bytes: Buffer | string) => classify(() => treeOf(bytes), () => 'silent loss');
        switch (kind) {
          case 'utf16le-bom': return xml ? same(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])) : refused(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
          case 'utf16be-bom': return xml ? same(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])) : refused(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]));
          case 'utf8-bom': return same(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), f.bytes]));
          case 'fffd': {
            // A legal U+FFFD inside an existing text value.
            const m = xml ? text.indexOf('text="') : text.indexOf('"text":"');
            if (m < 0) return same(f.bytes);
            const p = m + (xml ? 6 : 8);
            const edited = text.slice(0, p) + '\uFFFD' + text.slice(p);
            return classify(() => treeOf(Buffer.from(edited)), (t) => (t.includes('\uFFFD') ? 'loaded' : 'silent loss'), 'legal refused');
          }
          case 'charref-zeros': {
            if (!xml) return same(f.bytes);
            const m = text.indexOf('text="');
            const edited = text.slice(0, m + 6) + '&#00000000065;&#x000042;' + text.slice(m + 6);
            return classify(() => treeOf(Buffer.from(edited)), (t) => (t.includes('AB') ? 'loaded' : 'silent loss'), 'legal refused');
          }
          case 'invalid-byte': {
            const bad = pick([[0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff], [0xf8, 0x88, 0x80, 0x80, 0x80]]);
            return refused(Buffer.concat([f.bytes.subarray(0, at), Buffer.from(bad), f.bytes.subarray(at)]));
          }
          case 'control': {
            const c = String.fromCharCode(pick([0, 1, 7, 8, 11, 12, 27, 31]));
            const p = Math.floor(rnd() * text.length);
            return refused(text.slice(0, p) + c + text.slice(p));
          }
          case 'dup-key': {
            if (xml) {
              const m = text.indexOf(' bounds="');
              return refused(text.slice(0, m) + ' class="x.Y"' + text.slice(m).replace(/^ bounds=/, ' class="x.Z" bounds='));
            }
            // Repeat the first key of a random object: JSON.parse would keep one silently.
            const opens: number[] = [];
            for (let k = text.indexOf('{"'); k !== -1 && opens.length < 2000; k = text.indexOf('{"', k + 1)) opens.push(k);
            const o = pick(opens);
            const keyEnd = text.indexOf('":', o + 2);
            const key = text.slice(o + 2, keyEnd);
            return refused(text.slice(0, o + 1) + `"${key}":null,` + text.slice(o + 1));
          }
          case 'proto': {
            if (xml) return same(f.bytes);
            const o = text.indexOf('{"', Math.floor(rnd() * text.length / 2));
            const p = o === -1 ? text.indexOf('{"') : o;
            return refused(text.slice(0, p + 1) + '"__proto__":{"touchModal":true,"nodeId":7},' + text.slice(p + 1));
          }
          case 'overflow': {
            if (xml) return same(f.bytes);
            const edited = text.replace(/("(?:left|x|width)"\s*:\s*)-?\d+(\.\d+)?/, (_, k: string) => `${k}${k.includes('left') || k.includes('"x"') ? '-1.7e308' : '1.7e308'}`)
              .replace(/("(?:right)"\s*:\s*)\d+(\.\d+)?/, '$11.7e308');
            if (edited === text) return same(f.bytes);
            return classify(() => importTree(edited), (s) => (allFinite(s) ? 'loaded' : 'silent loss'));
          }
          case 'truncate':
            // Loading is right only when what was cut is blank (a trailing newline).
            return classify(() => treeOf(f.bytes.subarray(0, at)), () => (f.bytes.subarray(at).toString('utf8').trim() === '' ? 'loaded' : 'silent loss'));
          case 'flip': {
            const b = Buffer.from(f.bytes);
            b[at] = b[at]! ^ (1 << Math.floor(rnd() * 8));
            // A flip may be harmless (a letter in a text): loaded is fine, anything else must be typed.
            return classify(() => treeOf(b), () => 'loaded');
          }
        }
      },
    });
  }
  return cases;
}

/** Pattern cases: random regexes over nested quantifiers against adversarial text; bounded time, V8's answer where V8 is quick. */
export function patternCases(seed: number, count: number): FuzzCase[] {
  const rnd = prng(seed);
  const atoms = ['a', 'b', '\\w', '\\d', '.', '[ab]', '\\s', '(?:a|aa)', 'x'];
  const quant = ['', '*', '+', '?', '{1,3}', '*?'];
  const gen = (depth: number): string => {
    const n = 1 + Math.floor(rnd() * 3);
    let s = '';
    for (let i = 0; i < n; i++) {
      const atom = depth > 0 && rnd() < 0.4 ? `(${gen(depth - 1)})` : atoms[Math.floor(rnd() * atoms.length)]!;
      s += atom + quant[Math.floor(rnd() * quant.length)]!;
      if (rnd() < 0.15) s += '|';
    }
    return s.replace(/\|$/, '');
  };
  const cases: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const illegal = i % 10 === 9; // every tenth: a construct that must be refused
    const body = illegal ? `(a)${['\\1', '(?=b)', '(?!b)', '(?<=a)'][i % 4]}` : gen(3);
    const src = rnd() < 0.5 ? `^(?:${body})$` : body;
    const flags = rnd() < 0.3 ? 'i' : '';
    const short = Array.from({ length: 1 + Math.floor(rnd() * 10) }, () => 'ab a1'[Math.floor(rnd() * 5)]).join('');
    const evil = 'a'.repeat(30 + Math.floor(rnd() * 40)) + '!';
    cases.push({
      category: 'pattern',
      name: `/${src}/${flags}`,
      run: () => classify(() => {
        const re = new RegExp(src, flags);
        const c = compilePattern(re, 'fuzz');
        c.test(evil);
        c.test(evil.repeat(50));
        return c.test(short) === re.test(short); // V8 is quick on ≤ 10 characters: the answers must agree
      }, (agree) => (illegal ? 'silent loss' : agree ? 'loaded' : 'silent loss'), illegal ? 'typed error' : 'legal refused'),
    });
  }
  return cases;
}

/** MCP wire cases: lines a client may send; the server must answer each request and keep serving. */
export function mcpCases(seed: number, count: number): FuzzCase[] {
  const rnd = prng(seed);
  const cases: FuzzCase[] = [];
  const kinds = ['oversize', 'junk', 'no-params', 'bad-args', 'huge-fill', 'valid'] as const;
  for (let i = 0; i < count; i++) {
    const kind = kinds[i % kinds.length]!;
    cases.push({
      category: 'mcp',
      name: `${kind} #${i}`,
      run: () => classify(async () => {
        const { Session } = await import('../agents/session.js');
        const { serveStdio } = await import('../agents/server.js');
        const stdin = new PassThrough();
        const stdout = new PassThrough();
        const session = new Session({ source: `file:${path.join(REPO, 'fixtures/trees/home.json')}`, root: REPO, allowHosts: [] });
        const serving = await serveStdio(session, { stdin, stdout });
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-RPC answers are read loosely
        const answers: Array<Record<string, any>> = [];
        let buf = '';
        stdout.on('data', (c: Buffer) => {
          buf += c.toString('utf8');
          for (let nl = buf.indexOf('\n'); nl !== -1; nl = buf.indexOf('\n')) { answers.push(JSON.parse(buf.slice(0, nl))); buf = buf.slice(nl + 1); }
        });
        const next = async (id: number | null) => {
          for (const until = Date.now() + HANG_MS; Date.now() < until;) {
            const a = answers.find((m) => m.id === id);
            if (a) return a;
            await new Promise((r) => setTimeout(r, 10));
          }
          throw new HangError();
        };
        const send = (m: unknown) => stdin.write((typeof m === 'string' ? m : JSON.stringify(m)) + '\n');
        try {
          send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '0' } } });
          await next(1);
          send({ jsonrpc: '2.0', method: 'notifications/initialized' });
          let ok = true;
          if (kind === 'oversize') {
            const big = 'x'.repeat((9 + Math.floor(rnd() * 4)) * 1024 * 1024);
            send(`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"find_nodes","arguments":{"locator":"${big}"}},"id":2}`);
            ok = (await next(2)).error?.code === -32600;
          } else if (kind === 'junk') {
            send(Array.from({ length: 1 + Math.floor(rnd() * 200) }, () => String.fromCharCode(32 + Math.floor(rnd() * 90))).join(''));
            ok = (await next(null)).error !== undefined;
          } else if (kind === 'no-params') {
            send({ jsonrpc: '2.0', id: 2, method: 'tools/call' });
            ok = (await next(2)).error?.code === -32602;
          } else if (kind === 'bad-args') {
            send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'find_nodes', arguments: { locator: `byText(/${'(a+)+'.repeat(1 + Math.floor(rnd() * 5))}$/)` } } });
            const a = await next(2);
            ok = a.result !== undefined;
          } else if (kind === 'huge-fill') {
            send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'perform_action', arguments: { locator: "byTag('x')", action: 'fill', text: 'y'.repeat(5 * 1024 * 1024) } } });
            ok = (await next(2)).result?.structuredContent?.error?.code === 'too_large';
          }
          // Whatever came before, the server still answers.
          send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'find_nodes', arguments: {} } });
          return ok && (await next(3)).result !== undefined;
        } finally {
          stdin.end();
          await serving.close();
          await session.close();
        }
      }, (ok) => (ok ? 'loaded' : 'silent loss')),
    });
  }
  return cases;
}

/** Live cases: a fake inspector with a fault; connect must end in a typed error or a working device, within its deadline. */
export function liveCases(seed: number, count: number): FuzzCase[] {
  const rnd = prng(seed);
  const faults = ['redirect', 'huge', 'started-string', 'started-1e300', 'started-missing', 'null', 'slow503', 'ok'] as const;
  const cases: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const fault = faults[i % faults.length]!;
    cases.push({
      category: 'live',
      name: `${fault} #${i}`,
      run: () => classify(async () => {
        const tree = readFileSync(path.join(REPO, 'fixtures/trees/home.json'), 'utf8');
        const health = (started: unknown) => JSON.stringify({ status: 'ok', schemaVersion: 1, source: 'live-android', appId: 'x', buildType: 'debug', processStartedAtMs: started, processUptimeMs: 5 });
        const server = createServer((req: IncomingMessage, res: ServerResponse) => {
          const send = (status: number, body: string) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(body); };
          if (req.url === '/inspect/health') {
            if (fault === 'redirect') { res.writeHead(302, { location: 'http://example.com/inspect/health' }); return res.end(); }
            if (fault === 'null') return send(200, 'null');
            if (fault === 'slow503') { setTimeout(() => send(503, '{"error":"cold"}'), 150 + Math.floor(rnd() * 100)); return; }
            const started = fault === 'started-string' ? '1700000000000' : fault === 'started-1e300' ? 1e300 : fault === 'started-missing' ? undefined : 1_700_000_000_000;
            return send(200, health(started));
          }
          if (req.url === '/inspect/tree') {
            if (fault === 'huge') { res.writeHead(200, { 'content-type': 'application/json' }); res.write('{"x":"'); res.end('y'.repeat(2 * 1024 * 1024)); return; }
            return send(200, tree);
          }
          send(404, '{"error":"no"}');
        });
        await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
        const port = (server.address() as AddressInfo).port;
        const driver = new LiveDriver({ host: '127.0.0.1', port, timeout: 300, connectTimeout: 1000, adbPath: '/nonexistent/adb' });
        try {
          // A 1 MiB response cap for the huge body (the default is 128 MiB).
          (driver as unknown as { http: { maxBytes: number } }).http.maxBytes = 1024 * 1024;
          await driver.open();
          await driver.capture();
          return fault === 'ok' || fault === 'started-missing';
        } finally {
          await new Promise((r) => server.close(r));
        }
      }, (ok) => (ok ? 'loaded' : 'silent loss')),
    });
  }
  return cases;
}

/** Runs cases one after another; counts by category and outcome, and names the bad ones. */
export async function runFuzz(cases: FuzzCase[]): Promise<{ counts: Map<string, Record<Outcome, number>>; bad: Array<{ name: string; category: string; outcome: Outcome }> }> {
  const counts = new Map<string, Record<Outcome, number>>();
  const bad: Array<{ name: string; category: string; outcome: Outcome }> = [];
  for (const c of cases) {
    const outcome = await c.run();
    const row = counts.get(c.category) ?? Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
    row[outcome]++;
    counts.set(c.category, row);
    if (outcome !== 'typed error' && outcome !== 'loaded') bad.push({ name: c.name.slice(0, 120), category: c.category, outcome });
  }
  return { counts, bad };
}
