import type { SourceDescriptor } from './source.js';

/** Names the local machine goes by: one device whichever of them a source spells. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

function hostKey(host: string): string {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return LOOPBACK.has(h) || /^127\./.test(h) ? 'loopback' : h;
}

/**
 * The lease key of a source that serves one test at a time (a live app, a phone, an app reached
 * by MCP URL), or null for sources each device gets to itself (files, the reference app's private
 * servers, an Appium session without a udid). Two spellings of the same device give the same key. An adb source without a serial
 * gives `adb:*` until the serial is resolved (`adbLeaseKey`).
 */
export function leaseKeyOf(d: SourceDescriptor): string | null {
  switch (d.kind) {
    case 'live': return `live:${hostKey(d.host)}:${d.port}`;
    case 'adb': return d.serial ? adbLeaseKey(d.serial) : 'adb:*';
    case 'moui': case 'jetwhale': {
      if (d.url === undefined) return null; // a command starts a private server per device
      const u = new URL(d.url);
      return `${d.kind}:${u.protocol}//${hostKey(u.hostname)}:${u.port || (u.protocol === 'https:' ? '443' : '80')}${u.pathname}`;
    }
    case 'appium': {
      // A named phone (`udid`) serves one session at a time wherever it is reached from; without one,
      // the server or farm hands each session a device of its own.
      const udid = appiumUdid(d.capabilities);
      return udid === null ? null : `appium:udid:${udid}`;
    }
    default: return null;
  }
}

/** The device an Appium source names by `appium:udid` (or a bare `udid`), or null. */
export function appiumUdid(capabilities: Record<string, unknown>): string | null {
  const v = capabilities['appium:udid'] ?? capabilities.udid;
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

export function adbLeaseKey(serial: string): string {
  return `adb:${serial}`;
}

/** Whether two sources may be the same leased device (an unresolved adb source may be any phone). */
export function mayShareLease(a: SourceDescriptor, b: SourceDescriptor): boolean {
  const ka = leaseKeyOf(a);
  const kb = leaseKeyOf(b);
  if (ka === null || kb === null) return false;
  if (a.kind === 'adb' && b.kind === 'adb') return ka === 'adb:*' || kb === 'adb:*' || ka === kb;
  return ka === kb;
}
