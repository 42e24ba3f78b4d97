/**
 * Golden files (docs/design.md §7, §9): the outline grammar itself, printed by formatOutline and read by
 * parseOutline, plus the fields a golden compares as key=value attributes on each node line:
 *
 *   # treewright golden v1
 *   root main unit=px density=1
 *   - node desc="Home screen" tag=home_root bounds=0,0,360,800 tokens=PaddingPage t.padding=16dp
 *     - Button desc="First card" tag=card_one bounds=16,100,328,120 tokens=Surface,RadiusCard t.color=#FFFFFF t.radius=16dp [clickable]
 *
 * bounds=x,y,w,h  on-screen bounds in the root's unit, rounded to integers.
 * tokens=A,B      the design tokens, in the node's order (a JSON array string when a name holds "," or
 *                 is empty, so every list reads back as itself).
 * t.<facet>=v     one resolved token value per facet, facets sorted; the `t.` prefix keeps a facet named
 *                 like an outline key (value, state, tag…) apart from it. Facets whose name is not a
 *                 key-shaped word go together into one `t=` JSON object.
 *
 * Node ids and tap points are volatile (a new capture renumbers nodes), so goldens leave out `#id` and
 * `tap=`; when a hand-written golden has them they are ignored. Reachability flags (unhittable,
 * not-operable) are analysis, not capture, and are not part of a golden either.
 */
import type { DesignToken, Node, Root, Snapshot, Toggle, Unit } from '../model/schema.js';
import { ACTIONS, ROLES } from '../model/schema.js';
import { makeNode } from '../model/node.js';
import { makeSnapshot } from '../model/serialize.js';
import { FormatError } from '../errors.js';
import { MAX_OUTLINE_CHARS, formatOutline, outlineAttrs, outlineFlags, outlineHead, outlineRootFields } from './outline.js';
import { mayMerge, mergedView, type MergedView } from '../facts/merged-view.js';
import { readOutline, requireText } from './outline-parse.js';
import { NO_FLAGS, ROOT_FLAGS, type OutlineEntry, type OutlineRoot, type OutlineValue } from './outline-syntax.js';
import {
  ACTION_SET, GOLDEN_FLAGS, GOLDEN_HEADER, GOLDEN_VERSION, GOLDEN_VOCABULARY, ROOT_KEYS,
  formatBounds, formatTokens, isNodeKey, parseBounds, parseFacets, parseTokens, validNodeValue, validRootValue,
  type GoldenNode, type GoldenRoot, type GoldenTree,
} from './golden-syntax.js';

export {
  GOLDEN_FLAGS_LIST, GOLDEN_HEADER, GOLDEN_VERSION, formatBounds, parseBounds,
  type GoldenNode, type GoldenRoot, type GoldenTree,
} from './golden-syntax.js';

export type GoldenInput = Snapshot | { snapshot: Snapshot; node: Node };

/**
 * The view a golden is written in. `merged` (the default) is the merged view (docs/design.md §8), as
 * `inspect` prints it: a Compose control read from a uiautomator dump is one line headed by its role,
 * its role child left out. `merged: false` writes the raw tree.
 */
export interface GoldenViewOptions {
  merged?: boolean;
}

const FACET_RE = /^[A-Za-z0-9_.-]+$/;
const ROLE_SET = new Set<string>(ROLES);

/**
 * By facet name, its attribute key (`t.<facet>`), or null when the name is not a key-shaped word. One per
 * tree: a screen repeats a few facet names over thousands of nodes, and each key is tested and built once.
 */
type FacetKeys = Map<string, string | null>;

/**
 * The golden attributes of a design token (tokens=, t.<facet>=…, t=) written into `attrs`: facets sorted,
 * those whose name is not a key-shaped word together in one `t=` JSON object.
 */
function putTokenAttrs(dt: DesignToken, attrs: Record<string, string>, keys: FacetKeys): void {
  if (dt.tokens.length) attrs.tokens = formatTokens(dt.tokens);
  let odd: Record<string, string> | null = null;
  for (const facet of Object.keys(dt.resolved).sort()) {
    let key = keys.get(facet);
    if (key === undefined) keys.set(facet, (key = FACET_RE.test(facet) ? `t.${facet}` : null));
    if (key !== null) attrs[key] = dt.resolved[facet]!;
    else (odd ??= {})[facet] = dt.resolved[facet]!;
  }
  if (odd !== null) attrs.t = JSON.stringify(odd);
}

/** What a golden says about one node: its outline fields without #id and tap=, plus bounds and tokens (children: none yet). */
function goldenNodeOf(node: Node, view: MergedView | null, keys: FacetKeys): GoldenNode {
  const attrs = outlineAttrs(node);
  attrs.bounds = formatBounds(node.bounds);
  if (node.designToken) putTokenAttrs(node.designToken, attrs, keys);
  const head = view ? outlineHead(node, view.roleAt(view.orderOf(node)!)) : outlineHead(node);
  const flags = outlineFlags(node);
  const entry: GoldenNode = { head, attrs, flags: flags.length ? flags : NO_FLAGS, negFlags: NO_FLAGS, children: [], line: 0, node };
  if (node.text !== null) entry.text = node.text;
  if (node.actions.length) entry.actions = node.actions;
  return entry;
}

/** A subtree as golden entries, built iteratively (a 60,000-deep chain must not overflow the stack); `view` null: the raw tree. */
function goldenSubtree(start: Node, view: MergedView | null): GoldenNode {
  const keys: FacetKeys = new Map();
  const top = goldenNodeOf(start, view, keys);
  // Two stacks side by side: a node and its entry.
  const nodes: Node[] = [start];
  const entries: GoldenNode[] = [top];
  while (nodes.length) {
    const node = nodes.pop()!, entry = entries.pop()!;
    entry.children = (view ? view.childrenOf(node) : node.children).map((child) => {
      const c = goldenNodeOf(child, view, keys);
      nodes.push(child);
      entries.push(c);
      return c;
    });
  }
  return top;
}

function goldenRootOf(root: Root, view: MergedView | null): GoldenRoot {
  const f = outlineRootFields(root);
  const g: GoldenRoot = { rootId: root.rootId, attrs: f.attrs as Record<string, string>, flags: f.flags, negFlags: [], children: [goldenSubtree(root.node, view)], line: 0, root };
  if (root.label !== null) g.label = root.label;
  return g;
}

/** The golden form of a whole snapshot (every window) or of one node's subtree, in the merged view unless `merged: false`. */
export function goldenTreeOf(input: GoldenInput, options: GoldenViewOptions = {}): GoldenTree {
  const snapshot = 'node' in input && 'snapshot' in input ? input.snapshot : input;
  const mv = options.merged === false || !mayMerge(snapshot) ? null : mergedView(snapshot);
  const view = mv && mv.mergedCount > 0 ? mv : null;
  if ('node' in input && 'snapshot' in input) return { roots: [], entries: [goldenSubtree(input.node, view)] };
  return { roots: input.roots.map((r) => goldenRootOf(r, view)), entries: [] };
}

/**
 * Whether a golden was written in the merged view. A golden in which the merged view would still merge a
 * control with its role child holds the raw tree: written before goldens were merged, or with
 * `merged: false`. Such a golden keeps being compared with the raw tree, so it reads and passes as it
 * did; it is written anew in the merged view only when it is rewritten (`-u` on a change, or `all`).
 */
export function goldenIsMerged(tree: GoldenTree): boolean {
  return mergedView(buildSnapshot(tree, 'golden', false)).mergedCount === 0;
}

/**
 * Refuses a tree whose golden would be too big to build as one string: indentation alone grows with the
 * square of the depth (a 60,000-deep chain needs 3.6 G characters), so count it before printing.
 */
function checkSize(tree: GoldenTree, where: string): void {
  let chars = 0;
  const stack: Array<[GoldenNode, number]> = [];
  for (const e of tree.entries) stack.push([e, 0]);
  for (const r of tree.roots) for (const e of r.children) stack.push([e, 0]);
  while (stack.length) {
    const [e, depth] = stack.pop()!;
    chars += 2 * depth + 40;
    if (chars > MAX_OUTLINE_CHARS) {
      throw new FormatError('too_large', `the golden would be over ${MAX_OUTLINE_CHARS / 1024 / 1024} Mi characters (the tree is ${depth}+ levels deep)`, {
        where, hint: 'Golden a smaller part of the screen: expect(locator).toMatchGoldenTree(name) on a subtree.',
      });
    }
    for (const c of e.children) stack.push([c, depth + 1]);
  }
}

/** A golden tree as text: the header line, then the outline. Same tree → same bytes. */
export function formatGolden(tree: GoldenTree, where = 'golden'): string {
  checkSize(tree, where);
  return `${GOLDEN_HEADER}\n${formatOutline(tree)}`;
}

/** The golden file text for a snapshot, or for a locator's node (`{ snapshot, node }`). */
export function toGolden(input: GoldenInput, options: GoldenViewOptions = {}): string {
  return formatGolden(goldenTreeOf(input, options), 'snapshot' in input ? input.snapshot.source : input.source);
}

// ---------------------------------------------------------------------------------------------------
// Reading

class GoldenReader {
  private lines: string[] | null = null;
  constructor(private readonly text: string, readonly where: string) {}

  /** Column of `needle` on a line (1-based), for errors found after parsing. */
  private column(line: number, needle: string): number | undefined {
    this.lines ??= (this.text.charCodeAt(0) === 0xfeff ? this.text.slice(1) : this.text).split(/\r\n|\r|\n/);
    const at = (this.lines[line - 1] ?? '').indexOf(needle);
    return at >= 0 ? at + 1 : undefined;
  }

  fail(line: number, needle: string, message: string, hint: string): never {
    const column = this.column(line, needle);
    throw new FormatError('format_error', message, { where: this.where, line, ...(column !== undefined ? { column } : {}), hint: `${hint} Or delete the file and re-create it with npx playwright test --update-snapshots.` });
  }

  /** `what`: 'the head' …, or an attribute's key (named as `key=`; composed only on failure). */
  str(v: OutlineValue, line: number, what: string, isKey = false): string {
    if (typeof v !== 'string') this.fail(line, `/${v.source}/`, `a regex (${String(v)}) in ${isKey ? `${what}=` : what}; goldens hold literal values`, 'Write the value as a "string".');
    return v;
  }
}

function checkHeader(text: string, where: string): void {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const nl = body.search(/\r\n|\r|\n/);
  const first = (nl < 0 ? body : body.slice(0, nl)).trimEnd();
  if (first === GOLDEN_HEADER) return;
  const m = /^# treewright golden v(\d+)$/.exec(first);
  if (m) {
    throw new FormatError('schema_version', `golden format v${m[1]} is not supported (this treewright reads v${GOLDEN_VERSION})`, {
      where, line: 1, column: 1, hint: 'Upgrade treewright, or re-create the golden with npx playwright test --update-snapshots.',
    });
  }
  throw new FormatError('format_error', `not a treewright golden: line 1 is ${JSON.stringify(first.slice(0, 60))}, expected ${JSON.stringify(GOLDEN_HEADER)}`, {
    where, line: 1, column: 1, hint: `Golden files start with "${GOLDEN_HEADER}"; re-create this one with npx playwright test --update-snapshots.`,
  });
}

function checkNode(r: GoldenReader, e: OutlineEntry): void {
  const line = e.line;
  r.str(e.head, line, 'the head');
  if (e.text !== undefined) r.str(e.text, line, 'the text');
  if (e.childrenMode !== undefined) r.fail(line, '/children', 'a /children line in a golden', 'Goldens list every child; remove the line.');
  // Volatile: a new capture renumbers nodes and moves tap points, so a golden never compares them.
  if (e.id !== undefined) delete e.id;
  if (e.tap !== undefined) delete e.tap;
  if (e.negFlags.length) r.fail(line, '[', `[!${e.negFlags[0]}] in a golden`, 'Goldens list the flags that are set; remove the negated flag.');
  for (const f of e.flags) {
    if (!GOLDEN_FLAGS.has(f)) r.fail(line, f, `unknown flag [${f}]`, `Goldens use the flags ${[...GOLDEN_FLAGS].join(', ')}.`);
  }
  if (e.actions !== undefined) {
    for (const a of e.actions) {
      if (!ACTION_SET.has(a)) r.fail(line, a, `unknown action ${JSON.stringify(a)} in actions=`, `Actions are ${ACTIONS.join(', ')}.`);
    }
  }
  for (const key in e.attrs) {
    const v = r.str(e.attrs[key]!, line, key, true);
    if (!isNodeKey(key)) {
      r.fail(line, key + '=', `unknown attribute ${key}=`, 'Golden node lines carry desc, input, hint, value, state, toggle, tag, bounds, tokens and t.<facet>.');
    }
    if (validNodeValue(key, v)) continue;
    if (key === 'bounds') r.fail(line, 'bounds=', `bad bounds=${v}`, 'Write bounds=x,y,width,height with integers, e.g. bounds=0,0,360,800.');
    if (key === 'toggle') r.fail(line, 'toggle=', `bad toggle=${v}`, 'Write toggle=on, toggle=off or toggle=indeterminate.');
    if (key === 'tokens') r.fail(line, 'tokens=', `bad tokens=${v}`, 'Write tokens=Name1,Name2 (or a JSON array string when a name holds a comma).');
    if (key === 't') r.fail(line, 't=', 'bad t= (expected a JSON object of strings)', 'Write each resolved value as t.<facet>=value.');
  }
}

function checkRoot(r: GoldenReader, g: OutlineRoot): void {
  const line = g.line;
  r.str(g.rootId, line, 'the rootId');
  if (g.label !== undefined) r.str(g.label, line, 'the label');
  if (g.childrenMode !== undefined) r.fail(line, 'root', 'a /children line in a golden', 'Goldens list every child; remove the line.');
  if (g.negFlags.length) r.fail(line, '[', `[!${g.negFlags[0]}] in a golden`, 'Remove the negated flag.');
  for (const f of g.flags) if (!(ROOT_FLAGS as readonly string[]).includes(f)) r.fail(line, f, `unknown root flag [${f}]`, 'A root line has only [modal].');
  for (const key of Object.keys(g.attrs)) {
    const v = r.str(g.attrs[key]!, line, `${key}=`);
    if (!ROOT_KEYS.has(key)) r.fail(line, key + '=', `unknown root attribute ${key}=`, 'Root lines carry unit, density and offset.');
    if (validRootValue(key, v)) continue;
    if (key === 'unit') r.fail(line, 'unit=', `bad unit=${v}`, 'Write unit=px, unit=pt or unit=dp.');
    if (key === 'density') r.fail(line, 'density=', `bad density=${v}`, 'Write a positive number, e.g. density=2.625.');
    if (key === 'offset') r.fail(line, 'offset=', `bad offset=${v}`, 'Write offset=x,y.');
  }
  if (g.children.length !== 1) {
    r.fail(line, 'root', `root ${String(g.rootId)} has ${g.children.length} node lines at depth 0, expected exactly 1 (the window's node)`, 'Indent the window\'s descendants under its one node line.');
  }
}

/**
 * Reads a golden file. A file hand-edited into nonsense (bad indentation, a regex, an unknown flag,
 * attribute or action, bad bounds) is a FormatError naming `where`, the line and column.
 */
export function parseGolden(text: string, where = 'golden'): GoldenTree {
  return readGolden(text, where, true);
}

/**
 * parseGolden. The node lines are checked as they are read (GOLDEN_VOCABULARY); only when one does not
 * fit are they all checked again here (checkNode), which names the line, column and reason, and drops
 * #ids and tap points. `trustFit` false checks them here always (exported for the test that both ways
 * read the same).
 */
export function readGolden(text: string, where: string, trustFit: boolean): GoldenTree {
  requireText(text, where, 'a treewright golden');
  checkHeader(text, where);
  const { doc, fits } = readOutline(text, where, GOLDEN_VOCABULARY);
  const r = new GoldenReader(text, where);
  for (const g of doc.roots) checkRoot(r, g);
  // Every value was checked to be a string, as below.
  if (fits && trustFit) return doc as GoldenTree;
  const stack: OutlineEntry[] = [...doc.entries];
  for (const g of doc.roots) for (const c of g.children) stack.push(c);
  while (stack.length) {
    const e = stack.pop()!;
    checkNode(r, e);
    for (const c of e.children) stack.push(c);
  }
  // Every value was checked to be a string above.
  return doc as GoldenTree;
}

// ---------------------------------------------------------------------------------------------------
// Back to the model

function goldenFieldsToNode(e: GoldenNode, id: string): Node {
  const a = e.attrs;
  const has = (f: string) => e.flags.includes(f);
  const isRole = ROLE_SET.has(e.head);
  const tokens = a.tokens !== undefined ? parseTokens(a.tokens) ?? [] : [];
  const resolved: Record<string, string> = {};
  for (const k of Object.keys(a)) if (k.startsWith('t.')) resolved[k.slice(2)] = a[k]!;
  if (a.t !== undefined) Object.assign(resolved, parseFacets(a.t) ?? {});
  const designToken = a.tokens !== undefined || Object.keys(resolved).length ? { tokens, resolved } : null;
  return makeNode(id, {
    role: isRole ? (e.head as Node['role']) : null,
    rawRole: isRole || e.head === 'node' ? null : e.head,
    tag: a.tag ?? null,
    text: e.text ?? null,
    editableText: a.input ?? null,
    contentDescription: a.desc ?? null,
    stateDescription: a.state ?? null,
    value: a.value ?? null,
    hint: a.hint ?? null,
    toggle: (a.toggle as Toggle | undefined) ?? null,
    enabled: !has('disabled'),
    clickable: has('clickable'),
    longClickable: has('long-clickable'),
    focusable: has('focusable'),
    focused: has('focused'),
    selected: has('selected'),
    editable: has('editable'),
    scrollable: has('scrollable'),
    visible: !has('invisible'),
    password: has('password'),
    heading: has('heading'),
    actions: (e.actions ?? []).filter((x): x is Node['actions'][number] => ACTION_SET.has(x)),
    bounds: parseBounds(a.bounds ?? '') ?? { x: 0, y: 0, width: 0, height: 0 },
    designToken,
  });
}

/**
 * A snapshot rebuilt from a golden, so locators can be resolved against what the golden says (the
 * diff's `ignore` locators apply to both sides). Links each entry to its node (`entry.node`); entries
 * without root lines become one window each. Ids are fresh pre-order numbers.
 */
export function goldenSnapshot(tree: GoldenTree, source = 'golden'): Snapshot {
  return buildSnapshot(tree, source, true);
}

/** The snapshot a golden describes; `link` records each entry's node and each root line's window on the entries. */
function buildSnapshot(tree: GoldenTree, source: string, link: boolean): Snapshot {
  let next = 1;
  const build = (top: GoldenNode): Node => {
    let node: Node | null = null;
    // Numbered as popped, children pushed in reverse: ids follow document (pre-)order.
    const stack: Array<[GoldenNode, Node | null]> = [[top, null]];
    while (stack.length) {
      const [e, parent] = stack.pop()!;
      const n = goldenFieldsToNode(e, String(next++));
      if (link) e.node = n;
      if (parent) parent.children.push(n);
      else node = n;
      for (let i = e.children.length - 1; i >= 0; i--) stack.push([e.children[i]!, n]);
    }
    return node!;
  };
  const roots: Root[] = tree.roots.map((g) => {
    const [ox, oy] = (g.attrs.offset ?? '0,0').split(',').map(Number);
    const root: Root = {
      rootId: g.rootId,
      label: g.label ?? null,
      unit: (g.attrs.unit as Unit | undefined) ?? 'px',
      density: Number(g.attrs.density ?? 1) || 1,
      windowOffset: { x: ox ?? 0, y: oy ?? 0 },
      touchModal: g.flags.includes('modal'),
      node: build(g.children[0]!),
    };
    if (link) g.root = root;
    return root;
  });
  tree.entries.forEach((e, i) => {
    roots.push({ rootId: `entry-${i + 1}`, label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, node: build(e) });
  });
  return makeSnapshot({ source, roots, capturedAt: '1970-01-01T00:00:00.000Z' });
}
