// The inputs #15 found quadratic, made at any size n, shared by tests/hardening/linear.spec.ts
// (completion at 10× and 100×) and bench/linear.ts (the time ratios). Each `run` returns n back
// from what it parsed, so a case cannot pass by parsing less.
import { importUiautomator } from '../src/formats/uiautomator.js';
import { parseOutline } from '../src/outline/outline-parse.js';
import { parseGolden } from '../src/outline/golden.js';

export interface LinearCase {
  name: string;
  make(n: number): string;
  /** Parses the input; returns the count of what it holds (n). */
  run(input: string): number;
}

export const LINEAR_CASES: LinearCase[] = [
  {
    name: 'uiautomator node with n distinct unknown attributes',
    make: (n) => `<hierarchy rotation="0"><node class="android.widget.TextView" bounds="[0,0][1,1]" ${Array.from({ length: n }, (_, i) => `x-attr${i}="v${i}"`).join(' ')}/></hierarchy>`,
    run: (xml) => Object.keys(importUiautomator(xml).roots[0]!.node.platform.attributes as object).length,
  },
  {
    name: 'outline line with n flags',
    make: (n) => `- Button [${Array.from({ length: n }, (_, i) => `f${i}`).join(' ')}]`,
    run: (line) => parseOutline(line).entries[0]!.flags.length,
  },
  {
    name: 'golden line with n token facets',
    make: (n) => `# treewright golden v1\nroot main unit=px density=1\n- node bounds=0,0,1,1 ${Array.from({ length: n }, (_, i) => `t.f${i}=${i}dp`).join(' ')}\n`,
    run: (g) => Object.keys(parseGolden(g, 'crafted.tree').roots[0]!.children[0]!.attrs).filter((k) => k.startsWith('t.')).length,
  },
];
