/**
 * What an agent may reach (docs/design.md §10, the safety rules): files only under the server's
 * root (no `../`, no absolute path outside it, no symlink leading out), devices on loopback hosts
 * unless the user allowed a host with --allow-host, and no commands (a MoUI / JetWhale stdio source
 * would run a program the agent names). Refusals are SourceErrors naming what was refused and how
 * the user (not the agent) could allow it.
 */
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { SourceError } from '../src/errors.js';
import type { SourceDescriptor } from '../src/devices/source.js';

export interface Policy {
  /** Absolute, real path of the directory file sources and written files must stay in. */
  root: string;
  /** Hosts allowed besides loopback (names or addresses, compared case-insensitively). */
  allowHosts: readonly string[];
}

export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

function checkHost(host: string, policy: Policy, what: string): void {
  if (isLoopback(host) || policy.allowHosts.some((a) => a.toLowerCase() === host.toLowerCase())) return;
  throw new SourceError('source_invalid', `refused: ${what} is on ${host}, which is not a loopback host`, {
    where: host, refused: 'host',
    hint: `Only 127.0.0.1 / localhost / ::1 are reachable from this server. The user can allow this host by starting it with --allow-host ${host}.`,
  });
}

/** `p` resolved against the root and checked to stay inside it, symlinks followed. Returns the real absolute path. */
export async function confinePath(p: string, policy: Policy, what = 'the path'): Promise<string> {
  const abs = path.resolve(policy.root, p);
  const refuse = (why: string): never => {
    throw new SourceError('source_invalid', `refused: ${what} ${JSON.stringify(p)} ${why} ${policy.root}`, {
      where: p, refused: 'path', root: policy.root,
      hint: `Use a path inside ${policy.root} (relative paths resolve from it). The user can serve another directory with --root.`,
    });
  };
  if (!inside(abs, policy.root)) refuse('is outside the root');
  // Follow symlinks on the part that exists: a link inside the root may point out of it.
  let existing = abs;
  const rest: string[] = [];
  for (;;) {
    try {
      existing = await realpath(existing);
      break;
    } catch {
      // An entry that exists but does not resolve is a dangling symlink: where a write through it
      // lands cannot be checked, so it is refused rather than treated as a file still to create.
      if (await lstat(existing).then(() => true, () => false)) refuse('is a symlink that leads nowhere; refused, as it may lead outside the root');
      const parent = path.dirname(existing);
      if (parent === existing) break;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
  const real = path.join(existing, ...rest);
  if (!inside(real, policy.root)) refuse('leads (through a symlink) outside the root');
  return real;
}

function inside(p: string, root: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Checks a source an agent asked for; file paths come back resolved inside the root. */
export async function checkSource(d: SourceDescriptor, policy: Policy): Promise<SourceDescriptor> {
  switch (d.kind) {
    case 'file':
      return { ...d, path: await confinePath(d.path, policy, 'the file') };
    case 'uiautomator':
      return d.xmlPath !== undefined ? { ...d, xmlPath: await confinePath(d.xmlPath, policy, 'the XML file') } : d;
    case 'live':
      checkHost(d.host, policy, 'the live device');
      return d;
    case 'moui': case 'jetwhale': {
      if (d.command) {
        throw new SourceError('source_invalid', `refused: a ${d.kind} source with a command would run a program on this machine`, {
          refused: 'command', hint: `Give its streamable HTTP url instead, or have the user start the server with --source.`,
        });
      }
      let host: string;
      try {
        host = new URL(d.url!).hostname;
      } catch {
        throw new SourceError('source_invalid', `invalid ${d.kind} url ${JSON.stringify(d.url)}`, { hint: 'e.g. http://127.0.0.1:9700/mcp' });
      }
      checkHost(host, policy, `the ${d.kind} server`);
      return d;
    }
    case 'web': {
      // A browser the agent points at a URL reaches that host: the same rule as any server.
      let host: string;
      try {
        host = new URL(d.url).hostname;
      } catch {
        throw new SourceError('source_invalid', `invalid web url ${JSON.stringify(d.url)}`, { hint: 'e.g. http://127.0.0.1:3000/login' });
      }
      checkHost(host, policy, 'the web page');
      return d;
    }
    case 'appium':
      // An Appium server or device farm is a remote host like any other: loopback unless allowed.
      checkHost(new URL(d.url).hostname.replace(/^\[(.*)\]$/, '$1'), policy, 'the Appium server');
      return d;
    case 'adb': case 'reference':
      return d;
  }
}
