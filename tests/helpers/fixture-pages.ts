// Each of a list of fixture pages in a fresh tab of the served site (requests elsewhere blocked), once
// loaded and settled: the engine-agreement helpers run their comparisons there, a few pages at once so
// one page's round trips overlap another's work. Answers in page order.
import type { Browser, Page } from '@playwright/test';

const AT_ONCE = 4;

export async function onFixturePages<T>(browser: Browser, base: string, pages: readonly string[], compare: (page: Page, label: string) => Promise<T>): Promise<T[]> {
  const one = async (path: string): Promise<T> => {
    const page = await browser.newPage();
    try {
      await page.route((url) => !url.href.startsWith(`${base}/`), (route) => route.abort());
      await page.goto(`${base}/${path}`);
      await page.waitForLoadState('networkidle');
      return await compare(page, path);
    } finally {
      await page.close();
    }
  };
  const results = new Array<T>(pages.length);
  let next = 0;
  const worker = async () => { while (next < pages.length) { const k = next++; results[k] = await one(pages[k]!); } };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, pages.length) }, worker));
  return results;
}
