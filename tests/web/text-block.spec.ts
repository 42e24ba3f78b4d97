// WCAG 2.5.8's inline exception (formats/cdp.ts inTextBlock): every widget asks whether its line of its
// block has text, and a block is walked once for all of them, so a paragraph of many links reads in
// time linear in its size. Compared on the same kind of page at two sizes, as hardening/linear.spec
// judges growth: this process's CPU time, the least of a few tries.
import { test, expect } from '@playwright/test';
import { importCdp, walk, WebDriver, type CdpCapture } from '../../src/index.js';
import { launch } from './helpers.js';

/** One paragraph: `n` links, each between words, with a line break every 50 (lines with and without text). */
function paragraph(n: number): string {
  const parts = Array.from({ length: n }, (_, i) => (i % 50 === 49 ? `<a href="#${i}">link ${i}</a><br>` : `word <a href="#${i}">link ${i}</a>`));
  return `<!doctype html><p>${parts.join(' ')}<br><a href="#last">alone</a></p>`;
}

test('a paragraph of 4,000 links reads with every link in running text, in time linear in its size', async () => {
  test.setTimeout(120_000);
  const browser = await launch();
  try {
    const captures = new Map<number, CdpCapture>();
    for (const n of [400, 4_000]) {
      const page = await browser.newPage();
      await page.setContent(paragraph(n));
      const driver = new WebDriver(page);
      captures.set(n, await driver.record());
      await driver.close();
      await page.close();
    }
    // What the walk finds: the links among words are in running text, the one alone on its line is not.
    const snapshot = importCdp(captures.get(4_000)!);
    let inText = 0, alone: boolean | undefined;
    walk(snapshot, ({ node }) => {
      if (node.rawRole !== 'link') return;
      if (node.platform.inTextBlock) inText++;
      if (node.contentDescription === 'alone') alone = node.platform.inTextBlock === true;
    });
    expect(inText).toBe(4_000);
    expect(alone).toBe(false);
    const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    const best = new Map<number, number>();
    for (const capture of captures.values()) importCdp(capture); // warm: the first call pays for compiling
    // Each try reads as much page at either size (the small one ten times over), and the least of five
    // counts: one short try of the small page alone is where a collection or another worker's load lands.
    for (let k = 0; k < 5; k++) {
      for (const [n, capture] of captures) {
        const reps = 4_000 / n;
        const t0 = cpuMs();
        for (let r = 0; r < reps; r++) importCdp(capture);
        best.set(n, Math.min(best.get(n) ?? Infinity, (cpuMs() - t0) / reps));
      }
    }
    // Linear grows about as the size does (10×), one walk of the block per link as its square (100×):
    // the bound hardening/linear.spec.ts holds every reader to, with room for the larger heap's collections.
    console.log(`import: ${best.get(400)!.toFixed(1)} ms at 400 links, ${best.get(4_000)!.toFixed(1)} ms at 4,000`);
    expect(best.get(4_000)! / Math.max(best.get(400)!, 0.05)).toBeLessThan(40);
  } finally {
    await browser.close();
  }
});
