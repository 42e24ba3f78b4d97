// The MCP shim over stdio against the reference app, through the SDK's real client:
//  - median latency of find_nodes and perform_action per call (target < 10 ms);
//  - the bytes an agent receives to do the sign-in → feed → settings task reading the screen as
//    text outlines versus as full JSON trees (target: text at least 3× smaller).
// Run: npx tsx bench/mcp.ts (uses dist/agents/main.js when built, else the sources through tsx).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { median } from './stats.js';
import { wallSamples } from './timing.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CALLS = 300;
const WARMUP = 30;

function serverCommand(): string[] {
  const built = path.join(REPO, 'dist/agents/main.js');
  return existsSync(built) ? [built] : ['--import', 'tsx', path.join(REPO, 'agents/main.ts')];
}

async function startAgent(): Promise<Client> {
  const client = new Client({ name: 'treewright-bench', version: '0.0.0' });
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'TREEWRIGHT_SOURCE') env[k] = v;
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [...serverCommand(), '--source', 'reference'], cwd: REPO, env, stderr: 'inherit' }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (r.isError) throw new Error(`${name} ${JSON.stringify(args)} failed: ${JSON.stringify(r.structuredContent)}`);
  return r;
}

function p90(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length * 0.9)]!;
}

async function latency(client: Client, name: string, args: (i: number) => Record<string, unknown>): Promise<{ median: number; p90: number }> {
  const times = await wallSamples(CALLS, WARMUP, (i) => call(client, name, args(i)));
  return { median: median(times), p90: p90(times) };
}

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** The task as an agent does it, reading the screen before each step; returns what it received. */
async function task(client: Client, format: 'text' | 'json'): Promise<{ model: number; wire: number; calls: number }> {
  await call(client, 'connect', { source: 'reference' }); // a fresh app
  const steps: Array<[string, Record<string, unknown>]> = [
    ['get_tree', { format }],
    ['perform_action', { locator: "byTag('email')", action: 'fill', text: 'ada@example.com' }],
    ['perform_action', { locator: "byTag('password')", action: 'fill', text: 'correct horse' }],
    ['perform_action', { locator: "byRole('Button', { name: 'Sign in' })", action: 'click' }],
    ['get_tree', { format }],
    ['perform_action', { locator: "byDesc('Settings')", action: 'click' }],
    ['get_tree', { format }],
  ];
  let model = 0, wire = 0;
  for (const [name, args] of steps) {
    const r = await call(client, name, args);
    model += bytes(textOf(r));
    wire += bytes(JSON.stringify(r));
  }
  return { model, wire, calls: steps.length };
}

export async function run(): Promise<void> {
  const client = await startAgent();
  try {
    console.log(`mcp: stdio, reference app, SDK client; median / p90 of ${CALLS} calls after ${WARMUP} warm-up calls`);
    const find = await latency(client, 'find_nodes', () => ({ locator: "byRole('Button', { name: 'Sign in' })" }));
    const findAll = await latency(client, 'find_nodes', () => ({}));
    const fill = await latency(client, 'perform_action', (i) => ({ locator: "byTag('email')", action: 'fill', text: `ada${i % 2}@example.com` }));
    await call(client, 'connect', { source: { kind: 'reference', signedIn: true } });
    await call(client, 'perform_action', { locator: "byDesc('Settings')", action: 'click' });
    const click = await latency(client, 'perform_action', () => ({ locator: "byRole('Switch', { name: 'Wi-Fi' })", action: 'click' }));
    const row = (label: string, r: { median: number; p90: number }) => console.log(`  ${label.padEnd(58)} ${r.median.toFixed(2).padStart(7)} ms  (p90 ${r.p90.toFixed(2)} ms)`);
    row("find_nodes byRole('Button', { name: 'Sign in' })", find);
    row('find_nodes (what is interactive)', findAll);
    row("perform_action byTag('email') fill", fill);
    row("perform_action byRole('Switch', { name: 'Wi-Fi' }) click", click);
    const worst = Math.max(find.median, findAll.median, fill.median, click.median);
    console.log(worst < 10 ? 'mcp latency: every median < 10 ms' : `mcp latency: TARGET MISSED (${worst.toFixed(2)} ms ≥ 10 ms)`);

    const text = await task(client, 'text');
    const json = await task(client, 'json');
    console.log(`sign-in → feed → settings (${text.calls} calls: 3 reads of the screen, 4 actions), bytes received:`);
    console.log(`  ${'text answers (outline reads)'.padEnd(40)} ${String(text.model).padStart(8)} B read by the model  ${String(text.wire).padStart(8)} B on the wire`);
    console.log(`  ${'full JSON trees (json reads)'.padEnd(40)} ${String(json.model).padStart(8)} B read by the model  ${String(json.wire).padStart(8)} B on the wire`);
    const ratio = json.model / text.model, wireRatio = json.wire / text.wire;
    console.log(`  ratio ${ratio.toFixed(1)}× (model) / ${wireRatio.toFixed(1)}× (wire)`);
    console.log(ratio >= 3 ? 'mcp size: text answers ≥ 3× smaller' : 'mcp size: TARGET MISSED (text answers < 3× smaller)');
  } finally {
    await client.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
