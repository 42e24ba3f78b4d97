// Item 7 of #15: write errors and the words for them. The real bin in a child process, as a shell runs it.
import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acquireLease } from '../../src/devices/lease.js';

const BIN = path.resolve('bin/treewright.js');
const sh = (cmd: string, cwd = process.cwd()) => spawnSync('sh', ['-c', cmd], { cwd, encoding: 'utf8', env: { ...process.env, TREEWRIGHT_SOURCE: '' } });

test('stdout to a full disk: one line and exit 2; to a closed pipe: a quiet end with exit 0', () => {
  for (const cmd of [`node ${BIN} schema > /dev/full`, `node ${BIN} inspect fixtures/uiautomator/023.xml > /dev/full`, `node ${BIN} inspect fixtures/uiautomator/023.xml --format json > /dev/full`]) {
    const r = sh(cmd);
    expect(r.status, cmd).toBe(2);
    expect(r.stderr.trim().split('\n'), cmd).toEqual(['treewright: cannot write to standard output: no space left on the device (ENOSPC)']);
  }
  for (const cmd of [`node ${BIN} inspect fixtures/uiautomator/023.xml --format json | head -1`, `node ${BIN} schema | head -c 10`]) {
    const r = spawnSync('bash', ['-c', `set -o pipefail; ${cmd} >/dev/null`], { encoding: 'utf8' });
    expect(r.stderr, cmd).toBe('');
    expect(r.status, cmd).toBe(0);
  }
});

// Root writes into read-only folders: as root, the command runs as nobody (runuser), as a CI user would.
const AS_USER = process.getuid?.() === 0 ? 'runuser -u nobody -- ' : '';
// nobody must be able to reach the checkout (a clone under a 0700 folder such as mktemp -d's is not).
const USER_CANNOT_READ = AS_USER !== '' && spawnSync('sh', ['-c', `${AS_USER}test -r ${BIN}`]).status !== 0;
const NEEDS_USER = `as root these run as nobody, who cannot read ${BIN} here (a parent folder is private)`;

test('verify --golden into a read-only folder says it could not write, naming the cause', () => {
  test.skip(USER_CANNOT_READ, NEEDS_USER);
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-ro-'));
  chmodSync(dir, 0o755);
  copyFileSync('fixtures/uiautomator/005.xml', path.join(dir, 'a.xml'));
  mkdirSync(path.join(dir, 'golden'));
  chmodSync(path.join(dir, 'golden'), 0o555);
  const r = sh(`${AS_USER}node ${BIN} verify a.xml --golden golden --update --checks golden --out-dir ${path.join(dir, 'golden', 'r')}`, dir);
  expect(r.stdout).toMatch(/could not write its golden: .*cannot write .*golden\/a\.xml\.tree: permission denied/);
  expect(r.stdout).not.toMatch(/could not be read/);
});

test('verify --golden where the folder is a file says it could not write (works as root too)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-ro-'));
  copyFileSync('fixtures/uiautomator/005.xml', path.join(dir, 'a.xml'));
  writeFileSync(path.join(dir, 'golden'), 'not a folder');
  const r = sh(`node ${BIN} verify a.xml --golden golden --update --checks golden`, dir);
  expect(r.stdout).toMatch(/could not write its golden: .*cannot write .*golden\/a\.xml\.tree: a part of the path is a file, not a folder \((ENOTDIR|EEXIST)\)/);
  expect(r.stdout).not.toMatch(/could not be read/);
});

test('a lease path that is a file, or an unwritable lease folder: typed errors, not raw EEXIST / EPERM', async () => {
  test.skip(USER_CANNOT_READ, NEEDS_USER);
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-lease-'));
  writeFileSync(path.join(dir, 'file'), 'x');
  const e = await acquireLease('live:127.0.0.1:1', { dir: path.join(dir, 'file'), timeout: 100 }).catch((x) => x);
  expect(e.code).toBe('device_error');
  expect(e.message).toMatch(/cannot use the lease folder .*file: that path \(or a part of it\) is a file, not a folder \(EEXIST\)/);
  expect(e.details.hint).toMatch(/TREEWRIGHT_LEASE_DIR/);
  mkdirSync(path.join(dir, 'ro'));
  chmodSync(dir, 0o755);
  chmodSync(path.join(dir, 'ro'), 0o555);
  // As a user meets it: connect() takes the lease (before it dials the device) in the folder the environment names.
  const r = sh(`${AS_USER}env TREEWRIGHT_LEASE_DIR='${path.join(dir, 'ro')}' node -e "import('treewright/core').then((m) => m.connect('live:127.0.0.1:2', { leaseTimeout: 100 })).catch((e) => { console.log(e.code, e.message); })"`);
  expect(r.stdout).toMatch(/device_error .*cannot use the lease folder .*ro: permission denied: the folder is not writable for this user \((EACCES|EPERM)\)/);
});
