import type { Browser, Page } from '@playwright/test';
import { launchChromium as launchWebChromium } from '../../src/devices/chromium.js';

/** Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium…), headless, as the web device launches it. */
export function launchChromium(): Promise<Browser> {
  return launchWebChromium();
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
