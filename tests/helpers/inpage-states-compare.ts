// The in-page states computation (src/devices/web-inpage-states.ts) against Chromium's own getFullAXTree
// of the same page, node by node: every element node Chromium keeps in its tree, its states asked of
// the page with Chromium's role (the role is the role computation's to agree on, not this one's).
import type { Page } from '@playwright/test';
import { INPAGE_STATES } from '../../src/devices/web-inpage-states.js';
import type { InpageStates } from '../../src/formats/cdp-inpage.js';
import { WALK_DOM, describeNode, quiet, readJoined } from './dom-order.js';

/** The properties compared, as formats/cdp.ts reads them. */
export const PROPS = ['disabled', 'focusable', 'focused', 'selected', 'checked', 'pressed', 'expanded', 'level', 'url', 'editable', 'modal', 'value'] as const;
export type Prop = (typeof PROPS)[number];

export interface StateDisagreement {
  page: string;
  /** The element's start tag. */
  node: string;
  role: string;
  prop: Prop;
  chromium: string;
  inpage: string;
}

export interface StateAgreement {
  /** Element nodes compared (Chromium's non-ignored nodes with an element the page's script reaches). */
  nodes: number;
  /** Per property: on how many of them both sides say the same (both absent included). */
  agreed: Record<Prop, number>;
  /** Per property: on how many Chromium reports it (a value, or true), and on how many of those the page says the same. */
  stated: Record<Prop, number>;
  statedAgreed: Record<Prop, number>;
  disagreements: StateDisagreement[];
  /** Pages that kept changing while they were read: not compared. */
  unjudged: string[];
}

export function emptyStates(): StateAgreement {
  const zero = () => Object.fromEntries(PROPS.map((p) => [p, 0])) as Record<Prop, number>;
  return { nodes: 0, agreed: zero(), stated: zero(), statedAgreed: zero(), disagreements: [], unjudged: [] };
}

interface AXNode {
  ignored: boolean;
  role?: { value?: string };
  value?: { value?: unknown };
  properties?: Array<{ name: string; value: { value?: unknown } }>;
  backendDOMNodeId?: number;
}

/** Roles whose nodes are parts of text or text itself: no element of their own to ask. */
const NOT_ELEMENTS = new Set(['InlineTextBox', 'ListMarker', 'StaticText', 'RootWebArea']);

/**
 * What Chromium says of a property, as the web importer reads it (formats/cdp.ts): the booleans it
 * reads as `=== true` by truth, the rest by value; the value as its string.
 */
function chromiumSide(n: AXNode, p: Prop): string {
  if (p === 'value') {
    const v = n.value?.value;
    return v === undefined || v === null || v === '' ? '-' : String(v);
  }
  const v = n.properties?.find((x) => x.name === p)?.value.value;
  if (p === 'disabled' || p === 'focusable' || p === 'focused' || p === 'modal') return v === true ? 'true' : '-';
  if (p === 'editable') return v ? 'editable' : '-';
  return v === undefined ? '-' : String(v);
}

function inpageSide(s: InpageStates | null, p: Prop): string {
  if (!s) return 'no answer';
  const v = s[p];
  if (p === 'editable') return v ? 'editable' : '-';
  if (p === 'selected') return v === undefined ? '-' : String(v);
  return v === undefined || v === '' ? '-' : String(v);
}

/** The role's properties that the importer reads only for that role: elsewhere Chromium's answer is not compared. */
function compared(p: Prop, role: string): boolean {
  if (p === 'level') return role === 'heading';
  if (p === 'url') return role === 'link';
  if (p === 'modal') return role === 'dialog' || role === 'alertdialog';
  return true;
}

/**
 * In the page, in one call: the main document's nodes in snapshot order (their names, to check the
 * join), and the states of each one given a role (`roles[k]`, Chromium's role of node k).
 */
const STATES_BY_ORDER = (source: string) => `function (roles) {
  ${WALK_DOM}
  const nodes = walkDom();
  const states = (${source});
  return { names: nodes.map((n) => n.nodeName), states: nodes.map((n, k) => roles[k] ? states.call(n, roles[k]) : null) };
}`;

/** One page: each element node Chromium keeps, its states from the page against Chromium's. */
export async function compareStates(page: Page, label: string, source = INPAGE_STATES): Promise<StateAgreement> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await quiet(cdp); // as compareInpageAx: Chromium's read and the page's of the same, still page
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as unknown as { nodes: AXNode[] };
    const byBackend = new Map<number, AXNode>();
    for (const n of nodes) if (!n.ignored && n.backendDOMNodeId !== undefined && !NOT_ELEMENTS.has(n.role?.value ?? '')) byBackend.set(n.backendDOMNodeId, n);
    // Joined by position with the DOM snapshot's order; a page that changes between the reads is read again once it is still.
    const joined = await readJoined(cdp, async (order) => {
      const roles = order.ids.map((id) => byBackend.get(id)?.role?.value ?? null);
      const { result } = (await cdp.send('Runtime.evaluate', { expression: `(${STATES_BY_ORDER(source)})(${JSON.stringify(roles)})`, returnByValue: true })) as { result: { value: { names: string[]; states: Array<InpageStates | null> } } };
      return result.value;
    });
    const out = emptyStates();
    if (!joined) { out.unjudged.push(label); return out; }
    const { order, answer } = joined;
    const wrong: Array<Omit<StateDisagreement, 'node' | 'page'> & { id: number }> = [];
    order.ids.forEach((id, k) => {
      const n = byBackend.get(id), s = answer.states[k];
      if (!n || !s) return; // not an element Chromium keeps, or one the page's script does not reach
      out.nodes++;
      const role = n.role?.value ?? '';
      for (const p of PROPS) {
        if (!compared(p, role)) { out.agreed[p]++; continue; }
        const c = chromiumSide(n, p), i = inpageSide(s, p);
        if (c !== '-') out.stated[p]++;
        if (c !== '-' && c === i) out.statedAgreed[p]++;
        if (c === i) out.agreed[p]++;
        else wrong.push({ id, role, prop: p, chromium: c, inpage: i });
      }
    });
    const described = await Promise.all(wrong.map((w) => describeNode(cdp, w.id)));
    wrong.forEach(({ id, ...rest }, k) => out.disagreements.push({ page: label, node: described[k]!, ...rest }));
    return out;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Summed agreements, in the order given. */
export function addStates(total: StateAgreement, r: StateAgreement): void {
  total.nodes += r.nodes;
  for (const p of PROPS) {
    total.agreed[p] += r.agreed[p];
    total.stated[p] += r.stated[p];
    total.statedAgreed[p] += r.statedAgreed[p];
  }
  total.disagreements.push(...r.disagreements);
  total.unjudged.push(...r.unjudged);
}
