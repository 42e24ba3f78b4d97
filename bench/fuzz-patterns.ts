// #32 item 1's fuzz target: quantifier-free patterns with overlapping alternatives (the class V8
// backtracks on without any quantifier) and the constructs whose meaning RE2 reads differently
// (\s, ., ^/$ under m, [], [^]), over every flag. Each pattern must compile or be refused typed,
// answer the adversarial text at once, and agree with V8 on short texts (where V8 is quick).
import { isTreewrightError } from '../src/errors.js';
import { compilePattern } from '../src/common/pattern.js';
import { prng } from './prng.js';
import type { Case2 } from './fuzz-writes.js';

export function patternCases2(seed: number, count: number): Case2[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const atoms = ['(?:a|aa)', '(?:a|ab|b)', 'a', '.', '\\s', '\\S', '[ab]', '[^a]', '[]', '[^]', '\\r', 'é', '(?:^|a)', '(?:$|b)', '[\\s]', '\\n', '(a|a)', '\\x61', '\\u00e9'];
  const flagSets = ['', 'i', 'm', 's', 'u', 'im', 'ms', 'imsu'];
  const alphabet = ['a', 'a', 'b', '\r', '\n', '\u2028', '\u00a0', 'é', ' ', 'É'];
  const cases: Case2[] = [];
  for (let i = 0; i < count; i++) {
    const reps = 20 + Math.floor(rnd() * 30);
    const evilCase = i % 4 === 0;
    const body = evilCase ? '(?:a|aa)'.repeat(reps) : Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => pick(atoms)).join(rnd() < 0.2 ? '|' : '');
    const src = evilCase || rnd() < 0.4 ? `^(?:${body})$` : body;
    const flags = pick(flagSets);
    const shorts = Array.from({ length: 6 }, () => Array.from({ length: Math.floor(rnd() * 7) }, () => pick(alphabet)).join(''));
    cases.push({
      category: 'pattern-alt',
      name: `/${src.slice(0, 80)}/${flags}`,
      run: async () => {
        let c;
        try {
          c = compilePattern(new RegExp(src, flags), 'fuzz');
        } catch (e) {
          return isTreewrightError(e) ? 'typed error' : 'crash';
        }
        const t0 = performance.now();
        c.test('a'.repeat(2 * reps + 20) + '!');
        if (performance.now() - t0 > 5000) return 'hang';
        if (evilCase) return 'ok';
        const native = new RegExp(src, flags);
        return shorts.every((t) => c.test(t) === native.test(t)) ? 'ok' : 'silent';
      },
    });
  }
  return cases;
}
