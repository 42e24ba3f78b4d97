import type { Node } from '../src/model/schema.js';
import type { OutlineDoc } from '../src/outline/outline-syntax.js';
import { outlineLine } from '../src/outline/outline.js';
import { matchOutline } from '../src/analysis/outline-match.js';
import { prepareTemplate } from '../src/analysis/outline-template.js';
import { isLocator } from '../src/query/locator.js';
import { runMatcher, single, type MatcherOptions, type MatcherThis, type Target, type Verdict } from './context.js';
import { NOT_FOUND } from './visibility.js';

/**
 * `expect(locator).toMatchOutline(template)`: the template (outline grammar, partial like Playwright's
 * aria snapshots) describes the locator's node and/or its descendants; `expect(device)` the whole screen.
 * The template is parsed and checked before the first capture, so a malformed one throws at once
 * instead of being retried until the timeout.
 */
export function toMatchOutline(this: MatcherThis, target: Target, template: string | OutlineDoc, options?: MatcherOptions) {
  const t = prepareTemplate(template, 'template');
  const locator = isLocator(target);
  return runMatcher(this, target, options, {
    name: 'toMatchOutline',
    argument: 'template',
    expected: `matching the template (${t.lines} line${t.lines === 1 ? '' : 's'})`,
    check: (r): Verdict => {
      let within: Node | undefined;
      if (locator) {
        const n = single(target, r);
        if (!n) return { pass: false, received: NOT_FOUND };
        within = n;
      }
      const m = matchOutline(t.doc, r.snapshot, within ? { within } : {});
      const region = m.anchor ? `the children of ${outlineLine(m.anchor)}` : locator ? "the locator's node" : 'the screen';
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
}

function indent(text: string): string[] {
  return text.split('\n').map((l) => `  ${l}`);
}
