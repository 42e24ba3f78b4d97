/**
 * A real Appium server for tests, benches and the example: Appium 3 from node_modules with
 * @appium/fake-driver installed from the local package into a private APPIUM_HOME (no network),
 * on a free 127.0.0.1 port; `stop()` ends the server's whole process group and removes the home.
 *
 * The fake driver's "app" is an XML file it serves verbatim as the page source; `fakeApp()` writes
 * one from a real page source (fixtures/), changed only where the fake driver needs it (see there).
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const require = createRequire(import.meta.url);
const APPIUM_MAIN = require.resolve('appium/index.js');
const FAKE_DRIVER = path.dirname(require.resolve('@appium/fake-driver/package.json'));

export interface AppiumServer {
  url: string;
  port: number;
  home: string;
  /** Writes a fake-driver app from a real page source and returns its path. */
  fakeApp(source: string, name: string): Promise<string>;
  /** The sessions the server holds now (GET /appium/sessions; the server runs with session discovery on). */
  sessions(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startAppium(): Promise<AppiumServer> {
  const home = await mkdtemp(path.join(tmpdir(), 'treewright-appium-'));
  // Appium installs a local driver with `npm link`, which first links it into npm's global prefix:
  // a prefix of the home's own keeps workers installing at once from racing on one global link.
  const env = { ...process.env, APPIUM_HOME: home, APPIUM_SKIP_CHROMEDRIVER_INSTALL: '1', npm_config_prefix: path.join(home, 'npm-prefix') };
  try {
    await mkdir(path.join(env.npm_config_prefix, 'lib', 'node_modules'), { recursive: true }); // npm links into <prefix>/lib/node_modules
    await promisify(execFile)(process.execPath, [APPIUM_MAIN, 'driver', 'install', '--source=local', FAKE_DRIVER], { env, timeout: 60_000 });
  } catch (e) {
    await rm(home, { recursive: true, force: true });
    throw new Error(`installing @appium/fake-driver into ${home} failed: ${(e as Error).message}`);
  }
  let child: ChildProcess | null = null;
  let port = 0;
  let log = '';
  for (let attempt = 0; attempt < 3 && !child; attempt++) {
    port = await freePort();
    const c = spawn(process.execPath, [APPIUM_MAIN, 'server', '--address', '127.0.0.1', '--port', String(port), '--log-level', 'warn', '--allow-insecure', '*:session_discovery'], {
      env, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    });
    c.stdout!.on('data', (d) => { log = (log + d).slice(-4000); });
    c.stderr!.on('data', (d) => { log = (log + d).slice(-4000); });
    if (await ready(`http://127.0.0.1:${port}`, c, 30_000)) child = c;
    else killGroup(c);
  }
  if (!child) {
    await rm(home, { recursive: true, force: true });
    throw new Error(`Appium did not start: ${log}`);
  }
  const url = `http://127.0.0.1:${port}`;
  const server = child;
  return {
    url, port, home,
    async fakeApp(source, name) {
      const file = path.join(home, name);
      await writeFile(file, fakeDriverApp(source));
      return file;
    },
    async sessions() {
      const r = await fetch(`${url}/appium/sessions`);
      const body = await r.json() as { value: Array<{ id: string }> };
      return body.value.map((s) => s.id);
    },
    async stop() {
      killGroup(server);
      await new Promise<void>((r) => { if (server.exitCode !== null || server.signalCode !== null) r(); else server.once('exit', () => r()); });
      await rm(home, { recursive: true, force: true });
    },
  };
}

async function ready(url: string, child: ChildProcess, timeout: number): Promise<boolean> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      const r = await fetch(`${url}/status`, { signal: AbortSignal.timeout(1000) });
      if (r.ok && ((await r.json()) as { value?: { ready?: boolean } }).value?.ready) return true;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch { /* already gone */ }
}

/**
 * A real page source as the fake driver's app. The fake driver serves the file verbatim as the page
 * source and evaluates xpath on it as is; two of its lookups need more than a real source gives, and
 * only those are changed:
 * - its `id` and `accessibility id` strategies both match an attribute named `id`: each element gets
 *   `id` = what the real server's strategy matches — the resource-id (UiAutomator2's `id`) on Android,
 *   the name (XCUITest's `accessibility id`) on iOS. Content descriptions are left to the xpath path.
 * - it sets values only on elements named `MockInputField`: editable elements (EditText, TextField,
 *   SecureTextField, TextView) are renamed so (their class / type attribute is kept, so the importers
 *   read the same node).
 */
export function fakeDriverApp(source: string): string {
  const ios = /<XCUIElementType/.test(source);
  const editable = ios
    ? (tag: string, attrs: string) => /^XCUIElementType(TextField|SecureTextField|TextView|SearchField)$/.test(attrText(attrs, 'type') ?? tag)
    : (_tag: string, attrs: string) => /EditText$|AutoCompleteTextView$/.test(attrText(attrs, 'class') ?? '');
  const renamed: boolean[] = [];
  return source.replace(/<(\/?)([A-Za-z_][\w.:$-]*)((?:\s+[^\s=>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g, (whole, close: string, tag: string, attrs: string, selfClose: string) => {
    if (close) return renamed.pop() ? '</MockInputField>' : whole;
    if (tag === 'hierarchy' || tag === 'AppiumAUT') return whole;
    const id = ios ? attrText(attrs, 'name') : attrText(attrs, 'resource-id');
    const rename = editable(tag, attrs);
    if (!selfClose) renamed.push(rename);
    const extra = id && attrText(attrs, 'id') === null ? ` id="${id.replace(/"/g, '&quot;')}"` : '';
    return `<${rename ? 'MockInputField' : tag}${attrs}${extra}${selfClose ? ' /' : ''}>`;
  });
}

function attrText(attrs: string, name: string): string | null {
  const m = new RegExp(`\\s${name.replace(/[-]/g, '\\-')}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
  if (!m) return null;
  const v = m[1] ?? m[2] ?? '';
  return v === '' ? null : v;
}

/** Fake-driver session capabilities for an app file (plus whatever a test adds). */
export function fakeCapabilities(app: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { platformName: 'Fake', 'appium:automationName': 'Fake', 'appium:deviceName': 'Fake', 'appium:app': app, ...extra };
}

/** A fixture file's text. */
export async function fixture(rel: string): Promise<string> {
  return readFile(path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'fixtures', rel), 'utf8');
}
