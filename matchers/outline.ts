import { relative } from 'node:path';
import type { Node } from '../src/model/schema.js';
import type { OutlineDoc } from '../src/outline/outline-syntax.js';
import { outlineLine } from '../src/outline/outline.js';
import { matchOutline, type OutlineMatch } from '../src/analysis/outline-match.js';
import { prepareTemplate, templateOfScope } from '../src/analysis/outline-template.js';
import { isLocator } from '../src/query/locator.js';
import { TargetError } from '../src/errors.js';
import { readGolden } from '../src/files/read-golden.js';
import { writeAtomic } from '../src/files/write-atomic.js';
import { NOT_FOUND, failureMessage, resolveTarget, runMatcher, single, type MatcherOptions, type MatcherResult, type MatcherThis, type Target, type Verdict } from './context.js';
import { baselinePath, goldenFileName, runningTestInfo, updateMode } from './golden-file.js';
import { GOLDEN_POLICY, goldenAction, type UpdateMode } from '../src/checks/golden.js';

/**
 * toMatchOutline's options. `merged: false` matches (and shows, and writes on -u) the raw tree, role
 * children of Compose controls as lines of their own; by default the tree is read as the target reads
 * it: the merged view, unless the device was connected with `merged: false` or the locator searched so.
 */
export interface OutlineMatchOptions extends MatcherOptions {
  merged?: boolean;
}

/** A template kept in a file next to the test's other baselines: `toMatchOutline({ name: 'settings' })` → settings.outline. */
export interface NamedTemplate {
  name: string;
}

/** What Playwright reads off a matcher result: a rewrite of the inline template (`-u`), or a soft failure. */
interface OutlineMatcherResult extends MatcherResult {
  suggestedRebaseline?: string;
  softError?: Error;
  shouldNotRetryTest?: boolean;
}

const EXT = '.outline';

/**
 * `expect(locator).toMatchOutline(template)`: the template (outline grammar, partial like Playwright's
 * aria snapshots) describes the locator's node and/or its descendants; `expect(device)` the whole screen.
 * The template is parsed and checked before the first capture, so a malformed one throws at once
 * instead of being retried until the timeout.
 *
 * With `--update-snapshots=changed` (`-u`) or `all`, an inline template that does not match is rewritten
 * in the spec file by Playwright, as for toMatchAriaSnapshot (`--update-source-method` decides between a
 * patch and an overwrite); `toMatchOutline({ name })` reads the template from `<name>.outline` (trees'
 * path template) and writes it when missing or, with -u, when it does not match.
 */
export async function toMatchOutline(this: MatcherThis, target: Target, template: string | OutlineDoc | NamedTemplate, options?: OutlineMatchOptions): Promise<OutlineMatcherResult> {
  if (isNamed(template)) return named(this, target, template, options);
  const result = await inline(this, target, template, 'template', options);
  const mode = await runningMode();
  if (!this.isNot && mode && rewrites(mode, result.pass)) {
    const received = result.last?.received;
    if (received) return { pass: true, message: () => '', name: 'toMatchOutline', suggestedRebaseline: rebaseline(received) };
  }
  return result.result;
}

function isNamed(t: unknown): t is NamedTemplate {
  return typeof t === 'object' && t !== null && 'name' in t && !('entries' in t);
}

/** Matches an inline template (or one read from a file) with the retry loop; keeps the last match for rebaselining. */
async function inline(self: MatcherThis, target: Target, template: string | OutlineDoc, where: string, options?: OutlineMatchOptions): Promise<{ result: MatcherResult; pass: boolean; last: OutlineMatch | null }> {
  const t = prepareTemplate(template, where);
  const locator = isLocator(target);
  let last: OutlineMatch | null = null;
  const result = await runMatcher(self, target, options, {
    name: 'toMatchOutline',
    argument: where === 'template' ? 'template' : '{ name }',
    expected: `matching the template${where === 'template' ? '' : ` ${where}`} (${t.lines} line${t.lines === 1 ? '' : 's'})`,
    check: (r): Verdict => {
      let within: Node | undefined;
      if (locator) {
        const n = single(target, r);
        if (!n) { last = null; return { pass: false, received: NOT_FOUND }; }
        within = n;
      }
      const merged = options?.merged ?? r.merged;
      const m = matchOutline(t.doc, r.snapshot, within ? { within, where, merged } : { where, merged });
      last = m;
      const region = m.anchor ? `the children of ${outlineLine(m.anchor, { snapshot: r.snapshot, merged })}` : locator ? "the locator's node" : 'the screen';
      if (m.pass) return { pass: true, received: `matches ${region}`, details: ['Matched (in the template\'s form):', ...indent(m.received)] };
      const diff = m.diff.split('\n');
      const removed = diff.filter((l) => l.startsWith('- ')).length;
      const added = diff.filter((l) => l.startsWith('+ ')).length;
      return {
        pass: false,
        received: `${m.matchedLines} of ${m.templateLines} template lines matched`,
        details: [`Nearest match: ${region}`, '', `- Template  - ${removed}`, `+ Received  + ${added}`, '', ...diff],
      };
    },
  });
  return { result, pass: result.pass, last };
}

async function named(self: MatcherThis, target: Target, t: NamedTemplate, options?: OutlineMatchOptions): Promise<OutlineMatcherResult> {
  const info = await runningTestInfo();
  if (!info) {
    throw new TargetError('invalid_arguments', 'toMatchOutline({ name }) must be called during a Playwright test', {
      hint: 'Template files are found and updated through Playwright Test (testInfo.snapshotPath, --update-snapshots); pass the template inline elsewhere.',
    });
  }
  const file = goldenFileName('toMatchOutline', t.name, EXT);
  const { path } = baselinePath(info, file, 'aria');
  const shown = relative(process.cwd(), path) || path;
  const mode = updateMode(info);
  const bytes = await readGolden(path);
  if (bytes === null) {
    const action = goldenAction(mode, 'missing');
    if (self.isNot || action === 'fail') {
      return { pass: !!self.isNot, name: 'toMatchOutline', message: () => `A template file doesn't exist at ${shown}.\n  → Create it with: npx playwright test --update-snapshots=missing (then review and commit it).` };
    }
    // Written from one capture of the scope: every line of it (review and trim it to what matters).
    const r = await resolveTarget(target);
    const node = isLocator(target) ? single(target, r) : undefined;
    if (node === null) {
      const message = failureMessage({ call: 'expect(locator).toMatchOutline({ name })', kind: 'locator', label: r.label, expected: `a node to write ${shown} from`, received: NOT_FOUND, timeout: null, log: [`one capture of ${r.label}, to write the template from`] });
      return { pass: false, name: 'toMatchOutline', message: () => message };
    }
    await writeAtomic(path, templateOfScope(r.snapshot, node ?? undefined, options?.merged ?? r.merged) + '\n');
    const text = `A template file doesn't exist at ${shown}, writing actual.`;
    if (action === 'write-soft') return { pass: true, name: 'toMatchOutline', message: () => text, softError: new Error(text), shouldNotRetryTest: true };
    console.log(text);
    return { pass: true, name: 'toMatchOutline', message: () => text };
  }
  const result = await inline(self, target, bytes.toString('utf8'), shown, options);
  if (!self.isNot && rewrites(mode, result.pass) && result.last) {
    const next = result.last.received + '\n';
    if (next !== bytes.toString('utf8')) {
      await writeAtomic(path, next);
      console.log(`${shown} does not match, writing actual.`);
    }
    return { pass: true, name: 'toMatchOutline', message: () => '' };
  }
  return result.result;
}

/** Whether the mode rewrites a template that is there (checks/golden.ts GOLDEN_POLICY): `all` always, `changed` when it does not match. */
export function rewrites(mode: UpdateMode, pass: boolean): boolean {
  const policy = GOLDEN_POLICY[mode];
  return policy.byBytes || (!pass && policy.changed === 'write');
}

export async function runningMode(): Promise<UpdateMode | null> {
  const info = await runningTestInfo();
  return info ? updateMode(info) : null;
}

/** The new inline template as Playwright's source rewrite takes it: a template literal at the call's indentation. */
export function rebaseline(received: string): string {
  const body = received.split('\n').map((l) => `{indent}  ${l.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}`).join('\n');
  return `\`\n${body}\n{indent}\``;
}

function indent(text: string): string[] {
  return text.split('\n').map((l) => `  ${l}`);
}
