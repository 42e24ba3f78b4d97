// Item 2 of #32: writes as safe as reads. Another process swaps a folder on the write path for a
// symlink to a folder outside the root, over and over, while the MCP shim's export_test (and the
// shared confined writer behind verify goldens, reports and baselines) writes: nothing may land outside.
// Filesystem failures on that path are typed errors with the path and a hint, never internal_error.
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Session } from '../../agents/session.js';
import { buildRegistry } from '../../agents/registry.js';
import { writeConfined } from '../../src/files/write-confined.js';
import { writeAtomic } from '../../src/files/write-atomic.js';

function scratch() {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'tw-wrace-')));
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  mkdirSync(path.join(root, 'sub'), { recursive: true });
  mkdirSync(outside);
  copyFileSync('fixtures/trees/home.json', path.join(root, 'home.json'));
  return { base, root, outside };
}
/** A process swapping root/sub between a real folder and a symlink to `outside`, until killed. */
function swapper(root: string, outside: string) {
  // Each round moves the folder away (whatever the writer put in it), puts the symlink there, then a fresh folder.
  const script = `
    const fs = require('node:fs');
    const sub = ${JSON.stringify(path.join(root, 'sub'))};
    process.stdout.write('ready\\n');
    for (let i = 0; ; i++) {
      try { fs.renameSync(sub, sub + '.old' + i); } catch {}
      try { fs.symlinkSync(${JSON.stringify(outside)}, sub); } catch {}
      try { if (fs.lstatSync(sub).isSymbolicLink()) fs.unlinkSync(sub); } catch {}
      try { fs.mkdirSync(sub); } catch {}
    }`;
  const proc = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = new Promise<void>((r) => proc.stdout.once('data', () => r()));
  return { proc, ready };
}

test('export_test under a racing folder-for-symlink swap: 0 of 300 writes land outside the root, each typed if refused', async () => {
  const { base, root, outside } = scratch();
  const session = new Session({ source: 'file:home.json', root, allowHosts: [] });
  const registry = buildRegistry();
  const s = swapper(root, outside);
  let written = 0;
  const codes = new Set<string>();
  try {
    await s.ready;
    for (let i = 0; i < 300; i++) {
      const r = (await registry.call('export_test', { path: `sub/t${i}.spec.ts`, overwrite: i % 2 === 1 }, session)).structuredContent as { ok: boolean; error?: { code: string; message: string } };
      if (r.ok) written++;
      else codes.add(r.error!.code);
    }
  } finally {
    s.proc.kill('SIGKILL');
    await session.close();
  }
  try {
    // Refusals are typed (source_invalid naming the symlink or the missing folder), never internal_error.
    expect([...codes].filter((c) => c !== 'source_invalid' && c !== 'file_not_found')).toEqual([]);
    expect(readdirSync(outside)).toEqual([]);
    expect(written).toBeGreaterThan(0);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('the confined writer (goldens, reports, baselines) under the same race: 0 of 300 land outside', async () => {
  const { base, root, outside } = scratch();
  const s = swapper(root, outside);
  const errors = new Set<string>();
  try {
    await s.ready;
    for (let i = 0; i < 300; i++) {
      await writeConfined(root, `sub/deep/g${i}.tree`, 'x\n').catch((e: { code?: string; details?: { stage?: string } }) => errors.add(`${e.code}/${e.details?.stage}`));
    }
  } finally {
    s.proc.kill('SIGKILL');
  }
  try {
    expect([...errors].filter((e) => e !== 'source_invalid/write')).toEqual([]);
    expect(readdirSync(outside)).toEqual([]);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('write failures are typed with the path and a hint: a symlink, a file in the way, an existing file, a read-only folder', async () => {
  const { base, root, outside } = scratch();
  try {
    symlinkSync(outside, path.join(root, 'link'));
    writeFileSync(path.join(root, 'file'), 'x');
    writeFileSync(path.join(root, 'sub', 'there.spec.ts'), 'x');
    const cases: Array<[() => Promise<unknown>, RegExp, string]> = [
      [() => writeConfined(root, 'link/a.tree', 'x', { shown: 'link/a.tree' }), /link\/a\.tree: the folder .*link is a symlink, and writes do not follow symlinks \(ELOOP\)/, 'symlink'],
      [() => writeConfined(root, 'file/a.tree', 'x', { shown: 'file/a.tree' }), /a part of the path is a file, not a folder \(ENOTDIR\)/, ''],
      [() => writeConfined(root, 'sub/there.spec.ts', 'x', { mode: 'create' }), /the file exists \(EEXIST\)/, 'exists'],
      [() => writeAtomic(path.join(root, 'file', 'b.tree'), 'x'), /file\/b\.tree: a part of the path is a file, not a folder \((ENOTDIR|EEXIST)\)/, ''],
    ];
    for (const [f, why, refused] of cases) {
      const e = await f().then(() => null, (x: { code: string; message: string; details: Record<string, unknown> }) => x);
      expect(e?.code).toBe('source_invalid');
      expect(e?.message).toMatch(why);
      expect(e?.details.stage).toBe('write');
      expect(typeof e?.details.hint).toBe('string');
      if (refused) expect(e?.details.refused).toBe(refused);
    }
    // A symlink in the file's own place is replaced by the file (a rename), never written through.
    await writeConfined(root, 'link', 'x');
    expect(readdirSync(outside)).toEqual([]);
    // Read-only for the writer: as root the mode bits do not stop it, so only a non-root run checks EACCES.
    if (process.getuid?.() !== 0) {
      mkdirSync(path.join(root, 'ro'));
      chmodSync(path.join(root, 'ro'), 0o555);
      await expect(writeConfined(root, 'ro/a.tree', 'x')).rejects.toMatchObject({ code: 'source_invalid', details: { errno: 'EACCES' } });
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('export_test: a folder on the path that is a file or a symlink is a typed refusal, not internal_error', async () => {
  const { base, root, outside } = scratch();
  const session = new Session({ source: 'file:home.json', root, allowHosts: [] });
  try {
    writeFileSync(path.join(root, 'file'), 'x');
    const r = (await buildRegistry().call('export_test', { path: 'file/a.spec.ts' }, session)).structuredContent as { ok: boolean; error?: { code: string; message: string; details: Record<string, unknown> } };
    expect(r.ok).toBe(false);
    expect(r.error?.code).toBe('source_invalid');
    expect(r.error?.message).toMatch(/file\/a\.spec\.ts: a part of the path is a file, not a folder/);
    expect(r.error?.details.hint).toBeTruthy();
    expect(readdirSync(outside)).toEqual([]);
  } finally {
    await session.close();
    rmSync(base, { recursive: true, force: true });
  }
});
