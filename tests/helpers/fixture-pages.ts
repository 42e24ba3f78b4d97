// Each of a list of fixture pages in a fresh tab of the served site, requests elsewhere blocked (a page's
// links to other hosts fail at once, with or without a network): the engine-agreement helpers judge
// their pages there, `atOnce` at a time so one page's waits overlap another's work. Answers in page order.
import type { Browser, Page } from '@playwright/test';

export async function onFixturePages<T>(browser: Browser, base: string, pages: readonly string[], judge: (page: Page, path: string) => Promise<T>, atOnce = 4): Promise<T[]> {
  const one = async (path: string): Promise<T> => {
    const page = await browser.newPage();
    try {
      await page.route((url) => !url.href.startsWith(`${base}/`), (route) => route.abort());
      await page.goto(`${base}/${path}`);
      return await judge(page, path);
    } finally {
      await page.close();
    }
  };
  const results = new Array<T>(pages.length);
  let next = 0;
  const worker = async () => { while (next < pages.length) { const k = next++; results[k] = await one(pages[k]!); } };
  await Promise.all(Array.from({ length: Math.min(atOnce, pages.length) }, worker));
  return results;
}

/** onFixturePages, each page judged once no request is in flight (its scripts have loaded what they load). */
export function onSettledFixturePages<T>(browser: Browser, base: string, pages: readonly string[], judge: (page: Page, path: string) => Promise<T>): Promise<T[]> {
  return onFixturePages(browser, base, pages, async (page, path) => {
    await page.waitForLoadState('networkidle');
    return judge(page, path);
  });
}
