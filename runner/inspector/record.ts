// What the inspector records: each action performed from the page and each expect added for a picked
// node, as lines of a Playwright spec in the code form the MCP exporter writes (agents/export.ts):
// `await device.<locator>.<action>(…);`, `await expect(device.<locator>).toBeVisible();`.
import type { SourceSpec } from '../../src/devices/source.js';
import { actionCall } from '../../src/devices/actions.js';
import type { LocatorAction } from '../../src/query/action.js';
import { quote, selectorToCode, type Selector } from '../../src/query/selector.js';

export type ExpectKind = 'visible' | 'text' | 'checked' | 'unchecked';

/** An action as one line. */
export function actionLine(selector: Selector, action: LocatorAction): string {
  return `await device.${actionCall(selector, action)};`;
}

/** An expect as one line: visible, the text it shows (toHaveText), its toggle state (toBeChecked / not). */
export function expectLine(selector: Selector, kind: ExpectKind, text?: string): string {
  const target = `expect(device.${selectorToCode(selector)})`;
  switch (kind) {
    case 'visible': return `await ${target}.toBeVisible();`;
    case 'text': return `await ${target}.toHaveText(${quote(text ?? '')});`;
    case 'checked': return `await ${target}.toBeChecked();`;
    case 'unchecked': return `await ${target}.not.toBeChecked();`;
  }
}

/** The spec: treewright's test and expect, the source it was recorded on, one test with the lines. */
export function recordedSpec(lines: readonly string[], opts: { name: string; source: SourceSpec; now?: string }): string {
  const source = typeof opts.source === 'string' ? quote(opts.source) : JSON.stringify(opts.source);
  return [
    `// Recorded with treewright inspector${opts.now ? `, ${opts.now}` : ''}.`,
    `import { test, expect } from 'treewright';`,
    ``,
    `test.use({ source: ${source} });`,
    ``,
    `test(${quote(opts.name)}, async ({ device }) => {`,
    ...(lines.length ? lines.map((l) => `  ${l}`) : ['  // Nothing was recorded.']),
    `});`,
    ``,
  ].join('\n');
}
