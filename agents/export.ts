/**
 * Codegen: what an agent did, as a Playwright spec using treewright's `test` / `expect` and the
 * locators the agent used (code form, `selectorToCode`), each action one line as in a hand-written
 * test, each check a `toBeVisible()`. Pure: steps in, source text out.
 */
import type { Node, Snapshot } from '../src/model/schema.js';
import type { SourceSpec } from '../src/devices/source.js';
import { actionCall } from '../src/devices/actions.js';
import { resolveSelector } from '../src/query/resolve.js';
import { indexSnapshot } from '../src/query/snapshot-index.js';
import { quote, selectorToCode, type Selector, type Step } from '../src/query/selector.js';
import type { LoggedStep } from './session.js';

/**
 * A locator that finds exactly `node` in `snapshot`, for an agent that addressed it by id: ids are
 * addresses for one screen, a test needs what a person would name it by. Tried in order: its tag,
 * role + accessible name, text, description (each exact), the tag or role with nth(); byId last.
 */
export function locatorFor(snapshot: Snapshot, node: Node): Selector {
  const name = indexSnapshot(snapshot).name(node);
  const role = node.role ?? node.rawRole;
  const candidates: Selector[] = [];
  if (node.tag) candidates.push([{ kind: 'tag', tag: node.tag }]);
  if (role && name) candidates.push([{ kind: 'role', role, options: { name, exact: true } }]);
  if (node.text) candidates.push([{ kind: 'text', text: node.text, exact: true }]);
  if (node.contentDescription) candidates.push([{ kind: 'desc', text: node.contentDescription, exact: true }]);
  const unique = (sel: Selector) => {
    const found = resolveSelector(snapshot, sel);
    return found.length === 1 && found[0] === node;
  };
  for (const c of candidates) if (unique(c)) return c;
  // Several nodes share the handle: pick ours by position among them.
  const broad: Step[] = [];
  if (node.tag) broad.push({ kind: 'tag', tag: node.tag });
  if (role) broad.push({ kind: 'role', role, options: name ? { name, exact: true } : {} });
  for (const step of broad) {
    const found = resolveSelector(snapshot, [step]);
    const i = found.indexOf(node);
    if (i >= 0) {
      const sel: Selector = [step, { kind: 'nth', index: i }];
      if (unique(sel)) return sel;
    }
  }
  return [{ kind: 'id', id: node.id }];
}

export interface ExportOptions {
  /** The test's title. */
  name: string;
  /** The source the steps ran against: written into `test.use({ source })`. */
  source: SourceSpec;
  /** Which device, for the header comment (e.g. `reference`). */
  device?: string;
  /** ISO time for the header comment (tests pass a fixed one). */
  now?: string;
}

/** The spec as TypeScript source. */
export function exportSpec(steps: readonly LoggedStep[], opts: ExportOptions): string {
  const body = steps.map((s) => `  ${stepCode(s)}`);
  const source = typeof opts.source === 'string' ? quote(opts.source) : JSON.stringify(opts.source);
  return [
    `// Exported by treewright's MCP shim (export_test)${opts.device ? ` from a session on ${oneLine(opts.device)}` : ''}${opts.now ? `, ${opts.now}` : ''}.`,
    `// ${steps.length} step${steps.length === 1 ? '' : 's'}: the agent's successful actions and the checks it made with find_nodes.`,
    `import { test, expect } from 'treewright';`,
    ``,
    `test.use({ source: ${source} });`,
    ``,
    `test(${quote(opts.name)}, async ({ device }) => {`,
    ...(body.length ? body : ['  // The agent performed no actions and made no checks.']),
    `});`,
    ``,
  ].join('\n');
}

function stepCode(s: LoggedStep): string {
  switch (s.kind) {
    case 'action': return `await ${on(s.selector)}${actionCall(s.selector, s.action).slice(selectorToCode(s.selector).length)};`;
    case 'visible': return `await expect(${on(s.selector)}).toBeVisible();`;
    case 'back': return 'await device.back();';
  }
}

/** `device.<locator>`; a locator that starts with filter() or nth() starts from every node. */
function on(selector: Selector): string {
  const first = selector[0];
  const prefix = !first || first.kind === 'filter' || first.kind === 'nth' || first.kind === 'or' || first.kind === 'and' ? 'device.all()' : 'device';
  return selector.length ? `${prefix}.${selectorToCode(selector)}` : prefix;
}

function oneLine(s: string): string {
  return s.replace(/[\r\n\u2028\u2029]+/g, ' ');
}
