import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';

/** Debian's Chromium (.ci/run installs it), or CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: install it (apt-get update && apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** What a page did that it must not: dialogs (alert / confirm), console errors, uncaught errors, requests. */
export interface Incidents {
  dialogs: string[];
  errors: string[];
  requests: string[];
}

/** A page that records incidents, dismissing every dialog. */
export async function watchedPage(browser: Browser): Promise<{ page: Page; incidents: Incidents }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const incidents: Incidents = { dialogs: [], errors: [], requests: [] };
  page.on('dialog', (d) => { incidents.dialogs.push(`${d.type()}: ${d.message()}`); void d.dismiss(); });
  page.on('console', (m) => { if (m.type() === 'error') incidents.errors.push(m.text()); });
  page.on('pageerror', (e) => incidents.errors.push(e.message));
  page.on('request', (r) => { if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) incidents.requests.push(r.url()); });
  return { page, incidents };
}
