import type { z } from 'zod';
import { lazySchema, onFirstCall, zod } from '../model/lazy-schema.js';
import { isValidHost } from './http.js';
import { SourceError } from '../errors.js';
import { editDistance } from '../common/edit-distance.js';
import { displayUrl, redactCapabilities } from './redact.js';
import { REFERENCE_PROTOCOLS, SERVED, SOURCE_SHORTHANDS } from './source-forms.js';

/** Where a device comes from: the cmp-inspector's source union, extended to every driver we have (docs/design.md §6). */
const sourceDescriptorSchema = onFirstCall(() => {
  const z = zod();
  return z.discriminatedUnion('kind', [
    /** density: px per dp of the device the capture came from, for files that do not say (uiautomator dumps). */
    z.object({ kind: z.literal('file'), path: z.string().min(1), density: z.number().finite().positive().optional() }),
    z.object({ kind: z.literal('uiautomator'), xml: z.string().optional(), xmlPath: z.string().optional(), density: z.number().finite().positive().optional() })
      .refine((s) => (s.xml === undefined) !== (s.xmlPath === undefined), 'give exactly one of xml or xmlPath'),
    z.object({ kind: z.literal('live'), host: z.string().default('127.0.0.1'), port: z.number().int().min(1).max(65535).default(9500) }),
    z.object({ kind: z.literal('adb'), serial: z.string().optional() }),
    z.object({
      kind: z.literal('reference'),
      /** How to reach the bundled app: in-process (default), or a private server of its own over a protocol. */
      protocol: z.enum(REFERENCE_PROTOCOLS).default('inprocess'),
      /** Start past the sign-in screen (the live protocol cannot type). */
      signedIn: z.boolean().default(false),
    }),
    z.object({ kind: z.literal('moui'), url: z.string().url().optional(), command: z.array(z.string()).min(1).optional() })
      .refine((s) => (s.url === undefined) !== (s.command === undefined), 'give exactly one of url (streamable HTTP) or command (stdio)'),
    z.object({ kind: z.literal('jetwhale'), url: z.string().url().optional(), command: z.array(z.string()).min(1).optional() })
      .refine((s) => (s.url === undefined) !== (s.command === undefined), 'give exactly one of url (streamable HTTP) or command (stdio)'),
    /** A page in Chromium: a fresh page per device, loaded from `url` (relative to Playwright's baseURL in a test). */
    z.object({
      kind: z.literal('web'),
      url: z.string().min(1),
      /** The attribute holding the test handle (Playwright's testIdAttribute). */
      testIdAttribute: z.string().min(1).optional(),
    }),
    z.object({
      kind: z.literal('appium'),
      /** The W3C WebDriver server: Appium (`http://127.0.0.1:4723`), a Selenium Grid 4 hub or a device cloud's hub URL. */
      url: z.string().refine(isHttpUrl, 'an http:// or https:// URL'),
      /** W3C capabilities (`platformName`, `appium:automationName`, …); merged over the config's `capabilities`. */
      capabilities: z.record(z.string(), z.unknown()).default({}),
      /** Attach to this existing session instead of creating one (it is left running on close). */
      session: z.string().min(1).optional(),
    }),
  ]);
});
export const SourceDescriptorSchema = lazySchema(sourceDescriptorSchema);
export type SourceDescriptor = z.infer<typeof SourceDescriptorSchema>;
export type SourceSpec = string | z.input<typeof SourceDescriptorSchema>;

const SHORTHANDS = SOURCE_SHORTHANDS.join(', ');

/** Each descriptor's shape as a person writes it (`{ kind: 'file', path, density? }`), from the schema. */
export function sourceDescriptorForms(): string[] {
  return SourceDescriptorSchema.options.map((o) => {
    const { kind, ...fields } = o.shape;
    const names = Object.entries(fields).map(([k, f]) => (f.safeParse(undefined).success ? `${k}?` : k));
    return `{ kind: '${kind.value}'${names.length ? `, ${names.join(', ')}` : ''} }`;
  });
}

/** Parses a source string shorthand (`file:home.json`, `live:127.0.0.1:9500`, `adb:emulator-5554`, `reference`) or validates a descriptor. */
export function parseSource(spec: SourceSpec): SourceDescriptor {
  if (typeof spec !== 'string') return validate(spec, `invalid source descriptor ${safeJson(shownSpec(spec))}`);
  // A shorthand is checked by the same schema as a descriptor: `moui:http://[bad` is a typed error, not a TypeError.
  return validate(shorthand(spec), `invalid source "${shownShorthand(spec.trim())}"`);
}

function validate(spec: unknown, what: string): SourceDescriptor {
  const r = SourceDescriptorSchema.safeParse(spec);
  if (!r.success) {
    throw new SourceError('source_invalid', `${what}: ${r.error.issues.map((i) => `${i.path.join('.') || 'source'}: ${i.message}`).join('; ')}`, {
      hint: `Use { kind: 'file', path } / { kind: 'live', host, port } / { kind: 'adb', serial } / { kind: 'appium', url, capabilities } / { kind: 'reference' }, or a string (${SHORTHANDS}).`,
    });
  }
  const d = r.data;
  // An IPv6 host is kept bare (::1): whoever builds a URL adds the brackets once.
  if (d.kind === 'live') {
    d.host = unbracket(d.host);
    if (!isValidHost(d.host)) {
      throw new SourceError('source_invalid', `${what}: live host ${JSON.stringify(d.host)} is not a host name or an IP address`, {
        hint: 'e.g. live:127.0.0.1:9500 or live:[::1]:9500 (no path, query or user in the host).',
      });
    }
  }
  return d;
}

function unbracket(host: string): string {
  const m = /^\[(.*)\]$/.exec(host);
  return m ? m[1]! : host;
}

/** The descriptor a shorthand string spells (validated by the caller). */
function shorthand(spec: string): z.input<typeof SourceDescriptorSchema> {
  const s = spec.trim();
  if (s === 'reference') return { kind: 'reference', protocol: 'inprocess', signedIn: false };
  const ref = /^reference:([a-z]+)$/.exec(s);
  if (ref && (REFERENCE_PROTOCOLS as readonly string[]).includes(ref[1]!)) return { kind: 'reference', protocol: ref[1] as (typeof REFERENCE_PROTOCOLS)[number], signedIn: false };
  if (s === 'adb') return { kind: 'adb' };
  const m = /^([a-z]+):(.*)$/s.exec(s);
  if (m && m[1] === 'file' && m[2]) return { kind: 'file', path: m[2] };
  if (m && m[1] === 'adb' && m[2]) return { kind: 'adb', serial: m[2] };
  if (m && m[1] === 'web' && m[2]) return { kind: 'web', url: m[2] };
  if (m && (m[1] === 'moui' || m[1] === 'jetwhale') && /^https?:\/\//.test(m[2]!)) return { kind: m[1], url: m[2]! };
  if (m && m[1] === 'appium' && m[2]) return { kind: 'appium', url: m[2] };
  if (m && m[1] === 'live') {
    const hp = /^(?:(.+):)?(\d{1,5})$/.exec(m[2]!);
    const port = hp ? Number(hp[2]) : NaN;
    if (!hp || port < 1 || port > 65535) {
      throw new SourceError('source_invalid', `invalid live source "${s}": expected live:<host>:<port> or live:<port>`, { hint: 'e.g. live:127.0.0.1:9500 or live:[::1]:9500' });
    }
    return { kind: 'live', host: hp[1] ?? '127.0.0.1', port };
  }
  // A bare path is a file source: `npx treewright inspect window_dump.xml`; a bare word one edit or two
  // from a source keyword ('refrence') is a typo, not a file.
  if (!m || /^[a-zA-Z]$/.test(m[1]!)) {
    const typo = /^[a-z]+(:[a-z]+)?$/i.test(s) ? nearKeyword(s) : null;
    if (typo) throw new SourceError('source_invalid', `unknown source "${s}": did you mean "${typo}"?`, { hint: `Use one of: ${SHORTHANDS} (a path to a file also works).` });
    if (s) return { kind: 'file', path: s };
  }
  throw new SourceError('source_invalid', `unknown source "${s}"`, { hint: `Use one of: ${SHORTHANDS}.` });
}

const KEYWORDS = ['reference', ...SERVED.map((p) => `reference:${p}`), 'adb'];

/** The source keyword a bare word is a misspelling of, or null. */
function nearKeyword(word: string): string | null {
  const w = word.toLowerCase();
  let best: string | null = null;
  let bestD = Infinity;
  for (const k of KEYWORDS) {
    const d = editDistance(w, k, 3);
    if (d < bestD && d <= Math.max(1, Math.floor(k.length / 4))) { best = k; bestD = d; }
  }
  return best;
}

function isHttpUrl(u: string): boolean {
  try {
    return /^https?:$/.test(new URL(u).protocol);
  } catch {
    return false;
  }
}

/** A descriptor as it may be shown in an error: an appium source's credentials removed. */
function shownSpec(spec: unknown): unknown {
  if (!spec || typeof spec !== 'object' || (spec as { kind?: unknown }).kind !== 'appium') return spec;
  const d = spec as Record<string, unknown>;
  return {
    ...d,
    ...(typeof d.url === 'string' ? { url: displayUrl(d.url) } : {}),
    ...(d.capabilities && typeof d.capabilities === 'object' ? { capabilities: redactCapabilities(d.capabilities as Record<string, unknown>) } : {}),
  };
}

function shownShorthand(s: string): string {
  return s.startsWith('appium:') ? `appium:${displayUrl(s.slice(7))}` : s;
}

function safeJson(x: unknown): string {
  try { return JSON.stringify(x); } catch { return String(x); }
}
