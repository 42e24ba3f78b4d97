import type { Node, Role, Snapshot } from '../model/schema.js';
import { resolveSelector } from './resolve.js';
import { selectorToCode, type FilterOptions, type RoleOptions, type Selector, type Step } from './selector.js';
import { expectOne } from './strict.js';
import type { TextPattern } from './text.js';

/** Anything that can hand a locator a fresh capture (a Device). */
export interface LocatorHost {
  snapshot(): Promise<Snapshot>;
}

export interface Resolution {
  snapshot: Snapshot;
  nodes: Node[];
}

export interface LocatorFilter extends Omit<FilterOptions, 'has' | 'hasNot'> {
  has?: Locator;
  hasNot?: Locator;
}

/** The search methods shared by a device (searching the whole screen) and a locator (its descendants). */
export abstract class Searchable {
  protected abstract chain(step: Step): Locator;
  byTag(tag: string): Locator { return this.chain({ kind: 'tag', tag }); }
  byId(id: string | number): Locator { return this.chain({ kind: 'id', id: String(id) }); }
  byRole(role: Role | (string & {}), options: RoleOptions = {}): Locator { return this.chain({ kind: 'role', role, options: { ...options } }); }
  byText(text: TextPattern, options: { exact?: boolean } = {}): Locator { return this.chain({ kind: 'text', text, exact: options.exact ?? false }); }
  byDesc(text: TextPattern, options: { exact?: boolean } = {}): Locator { return this.chain({ kind: 'desc', text, exact: options.exact ?? false }); }
}

/**
 * A lazy, Playwright-style locator: it holds a selector and resolves it against a fresh capture
 * every time it is used.
 */
export class Locator extends Searchable {
  constructor(readonly host: LocatorHost, readonly selector: Selector) {
    super();
  }

  protected chain(step: Step): Locator {
    return new Locator(this.host, [...this.selector, step]);
  }

  filter(options: LocatorFilter): Locator {
    const { has, hasNot, ...rest } = options;
    return this.chain({ kind: 'filter', options: { ...rest, ...(has ? { has: has.selector } : {}), ...(hasNot ? { hasNot: hasNot.selector } : {}) } });
  }
  nth(index: number): Locator { return this.chain({ kind: 'nth', index }); }
  first(): Locator { return this.nth(0); }
  last(): Locator { return this.nth(-1); }

  /** Captures once and resolves. */
  async resolve(): Promise<Resolution> {
    const snapshot = await this.host.snapshot();
    return { snapshot, nodes: resolveSelector(snapshot, this.selector) };
  }

  /** Strict: exactly one node, else a `target_ambiguous` / `target_not_found` TargetError. */
  async one(): Promise<{ snapshot: Snapshot; node: Node }> {
    const { snapshot, nodes } = await this.resolve();
    return { snapshot, node: expectOne(snapshot, this.selector, nodes) };
  }

  async count(): Promise<number> {
    return (await this.resolve()).nodes.length;
  }

  /** One locator per current match (`nth(i)`), like Playwright's `locator.all()`. */
  async all(): Promise<Locator[]> {
    const n = await this.count();
    return Array.from({ length: n }, (_, i) => this.nth(i));
  }

  /** The locator as code, e.g. `byRole('Button', { name: 'Send' })`. */
  toCode(): string { return selectorToCode(this.selector); }
  override toString(): string { return this.toCode(); }
}

export function isLocator(x: unknown): x is Locator {
  return x instanceof Locator || (typeof x === 'object' && x !== null && 'selector' in x && 'host' in x && typeof (x as Locator).toCode === 'function');
}
