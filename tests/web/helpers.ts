import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from 'treewright';
import { serveStatic, type StaticSite } from '../../examples/web-site/serve.js';

export const WEB_FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/web');

/** The pages the engine-as-ground-truth checks run on: the shared corpus and the realistic pages added here. */
export const HIT_PAGES = [
  'axe-aria-command-name.html', 'axe-aria-toggle-field-name.html', 'axe-input-button-name.html', 'axe-nested-interactive.html',
  'axe-scrollable-region-focusable.html', 'pw-input-checkbox.html', 'pw-input-handle-locator.html', 'pw-input-select.html',
  'pw-wrappedlink.html', 'pw-frames/nested-frames.html',
  'pages/shop.html', 'pages/dialogs.html', 'pages/dialogs.html#nomodal', 'pages/scrolling.html', 'pages/stacking.html', 'pages/wcag.html',
  'pages/modals.html#dialog', 'pages/modals.html#aria', 'pages/modals.html#shown',
];
export const AXE_PAGES = [
  'axe-aria-command-name.html', 'axe-aria-toggle-field-name.html', 'axe-input-button-name.html', 'axe-nested-interactive.html',
  'axe-scrollable-region-focusable.html', 'pages/wcag.html', 'pages/shop.html',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
}

export function serveFixtures(): Promise<StaticSite> {
  return serveStatic(WEB_FIXTURES);
}
