/**
 * Credentials a device source carries (a farm's `https://user:key@hub/wd/hub`, `bstack:options.accessKey`,
 * `?access_key=` in a URL) must never reach a message, receipt, report or attachment. A Redactor
 * collects the secret strings of one source once, then scrubs any text that leaves the driver — its
 * own messages and the server's (a grid may echo the capabilities it refused).
 */

/** Capability keys whose values are credentials, wherever they nest (`sauce:options.accessKey`, `lt:options.user`). */
const SECRET_KEY = /(key|token|secret|passw(or)?d|pwd|user(name)?|auth|credential|session[-_]?id|cookie)/i;

export const REDACTED = '***';

export class Redactor {
  private readonly secrets: string[];

  constructor(secrets: Iterable<string>) {
    // Longest first, so a secret that contains another is replaced whole.
    this.secrets = [...new Set([...secrets].filter((s) => s.length >= 3))].sort((a, b) => b.length - a.length);
  }

  /** The secrets in a source URL (user info, query values) and in capabilities (values under secret-looking keys). */
  static forSource(url: string, capabilities: unknown): Redactor {
    const found: string[] = [];
    try {
      const u = new URL(url);
      if (u.username) found.push(u.username, decodeURIComponent(u.username));
      if (u.password) found.push(u.password, decodeURIComponent(u.password));
      for (const [, v] of u.searchParams) found.push(v);
    } catch { /* an invalid URL is refused by the source schema before it gets here */ }
    collect(capabilities, false, found, 0);
    return new Redactor(found);
  }

  scrub(text: string): string {
    let out = text;
    for (const s of this.secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
    return out;
  }

  /** True when the text holds none of the secrets (tests check this on everything that leaves). */
  clean(text: string): boolean {
    return this.secrets.every((s) => !text.includes(s));
  }
}

function collect(v: unknown, secretKey: boolean, out: string[], depth: number): void {
  if (depth > 16) return;
  if (typeof v === 'string') { if (secretKey) out.push(v); return; }
  if (typeof v === 'number') { if (secretKey) out.push(String(v)); return; }
  if (Array.isArray(v)) { for (const x of v) collect(x, secretKey, out, depth + 1); return; }
  if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) collect(x, secretKey || SECRET_KEY.test(k), out, depth + 1);
  }
}

/** A URL as it may be shown: no user info, query values replaced (`https://hub.example.com/wd/hub?key=***`). */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    for (const k of [...u.searchParams.keys()]) u.searchParams.set(k, REDACTED);
    // URL encodes the '*' placeholders; show them as written.
    return u.toString().replace(/%2A%2A%2A/g, REDACTED).replace(/\/$/, u.pathname === '/' ? '' : '/');
  } catch {
    return '(invalid URL)';
  }
}

/** The capabilities with credential values replaced, for showing or attaching. */
export function redactCapabilities(caps: Record<string, unknown>): Record<string, unknown> {
  return redactValue(caps, false, 0) as Record<string, unknown>;
}

function redactValue(v: unknown, secretKey: boolean, depth: number): unknown {
  if (depth > 16) return REDACTED;
  if (secretKey && (typeof v === 'string' || typeof v === 'number')) return REDACTED;
  if (Array.isArray(v)) return v.map((x) => redactValue(x, secretKey, depth + 1));
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, redactValue(x, secretKey || SECRET_KEY.test(k), depth + 1)]));
  }
  return v;
}
