import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, webDevice, type Device } from 'treewright';
import { serveStatic, type StaticSite } from '../../examples/web-site/serve.js';

export const WEB_FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/web');

/** The pages the engine-as-ground-truth checks run on: the shared corpus and the realistic pages added here. */
export const HIT_PAGES = [
  'axe-aria-command-name.html', 'axe-aria-toggle-field-name.html', 'axe-input-button-name.html', 'axe-nested-interactive.html',
  'axe-scrollable-region-focusable.html', 'pw-input-checkbox.html', 'pw-input-handle-locator.html', 'pw-input-select.html',
  'pw-wrappedlink.html', 'pw-frames/nested-frames.html',
  'pages/shop.html', 'pages/dialogs.html', 'pages/dialogs.html#nomodal', 'pages/scrolling.html', 'pages/stacking.html', 'pages/wcag.html',
  'pages/modals.html#dialog', 'pages/modals.html#aria', 'pages/modals.html#shown', 'pages/wrapped.html',
];
export const AXE_PAGES = [
  'axe-aria-command-name.html', 'axe-aria-toggle-field-name.html', 'axe-input-button-name.html', 'axe-nested-interactive.html',
  'axe-scrollable-region-focusable.html', 'pages/wcag.html', 'pages/shop.html',
  // axe-core's own integration fixtures of the rules treewright overlaps with (fixtures/web/MANIFEST.tsv).
  'axe-target-size.html', 'axe-color-contrast.html', 'axe-color-contrast-text-shadows.html', 'axe-button-name.html',
  'axe-link-name.html', 'axe-image-alt.html', 'axe-role-img-alt.html', 'axe-svg-img-alt.html', 'axe-input-image-alt.html',
  'axe-label.html', 'axe-aria-input-field-name.html', 'axe-select-name.html',
];

/** Real pages beyond the shared corpus: the W3C ARIA Authoring Practices Guide's pattern examples
 * (fixtures/web/apg/MANIFEST.md), served from the same site; requests to other hosts are blocked. */
export const APG_PAGES: readonly string[] = [
  'apg/content/patterns/accordion/examples/accordion.html',
  'apg/content/patterns/alert/examples/alert.html',
  'apg/content/patterns/breadcrumb/examples/breadcrumb.html',
  'apg/content/patterns/button/examples/button.html',
  'apg/content/patterns/button/examples/button_idl.html',
  'apg/content/patterns/carousel/examples/carousel-1-prev-next.html',
  'apg/content/patterns/carousel/examples/carousel-2-tablist.html',
  'apg/content/patterns/checkbox/examples/checkbox-mixed.html',
  'apg/content/patterns/checkbox/examples/checkbox.html',
  'apg/content/patterns/combobox/examples/combobox-autocomplete-both.html',
  'apg/content/patterns/combobox/examples/combobox-autocomplete-list.html',
  'apg/content/patterns/combobox/examples/combobox-autocomplete-none.html',
  'apg/content/patterns/combobox/examples/combobox-datepicker.html',
  'apg/content/patterns/combobox/examples/combobox-select-only.html',
  'apg/content/patterns/combobox/examples/grid-combo.html',
  'apg/content/patterns/dialog-modal/examples/datepicker-dialog.html',
  'apg/content/patterns/dialog-modal/examples/dialog.html',
  'apg/content/patterns/disclosure/examples/disclosure-card.html',
  'apg/content/patterns/disclosure/examples/disclosure-faq.html',
  'apg/content/patterns/disclosure/examples/disclosure-image-description.html',
  'apg/content/patterns/disclosure/examples/disclosure-navigation-hybrid.html',
  'apg/content/patterns/disclosure/examples/disclosure-navigation.html',
  'apg/content/patterns/feed/examples/feed-display.html',
  'apg/content/patterns/feed/examples/feed.html',
  'apg/content/patterns/grid/examples/advanced-data-grid.html',
  'apg/content/patterns/grid/examples/data-grids.html',
  'apg/content/patterns/landmarks/examples/HTML5.html',
  'apg/content/patterns/landmarks/examples/at.html',
  'apg/content/patterns/landmarks/examples/banner.html',
  'apg/content/patterns/landmarks/examples/complementary.html',
  'apg/content/patterns/landmarks/examples/contentinfo.html',
  'apg/content/patterns/landmarks/examples/form.html',
  'apg/content/patterns/landmarks/examples/general-principles.html',
  'apg/content/patterns/landmarks/examples/main.html',
  'apg/content/patterns/landmarks/examples/navigation.html',
  'apg/content/patterns/landmarks/examples/region.html',
  'apg/content/patterns/landmarks/examples/resources.html',
  'apg/content/patterns/landmarks/examples/search.html',
  'apg/content/patterns/link/examples/link.html',
  'apg/content/patterns/listbox/examples/listbox-actions.html',
  'apg/content/patterns/listbox/examples/listbox-collapsible.html',
  'apg/content/patterns/listbox/examples/listbox-grouped.html',
  'apg/content/patterns/listbox/examples/listbox-rearrangeable.html',
  'apg/content/patterns/listbox/examples/listbox-scrollable.html',
  'apg/content/patterns/menu-button/examples/menu-button-actions-active-descendant.html',
  'apg/content/patterns/menu-button/examples/menu-button-actions.html',
  'apg/content/patterns/menu-button/examples/menu-button-links.html',
  'apg/content/patterns/menubar/examples/menubar-editor.html',
  'apg/content/patterns/menubar/examples/menubar-navigation.html',
  'apg/content/patterns/meter/examples/meter.html',
  'apg/content/patterns/radio/examples/radio-activedescendant.html',
  'apg/content/patterns/radio/examples/radio-rating.html',
  'apg/content/patterns/radio/examples/radio.html',
  'apg/content/patterns/slider-multithumb/examples/slider-multithumb.html',
  'apg/content/patterns/slider/examples/slider-rating.html',
  'apg/content/patterns/slider/examples/slider-seek.html',
  'apg/content/patterns/slider/examples/slider-temperature.html',
  'apg/content/patterns/spinbutton/examples/datepicker-spinbuttons.html',
  'apg/content/patterns/spinbutton/examples/quantity-spinbutton.html',
  'apg/content/patterns/switch/examples/switch-button.html',
  'apg/content/patterns/switch/examples/switch-checkbox.html',
  'apg/content/patterns/switch/examples/switch.html',
  'apg/content/patterns/table/examples/sortable-table.html',
  'apg/content/patterns/table/examples/table.html',
  'apg/content/patterns/tabs/examples/tabs-actions.html',
  'apg/content/patterns/tabs/examples/tabs-automatic.html',
  'apg/content/patterns/tabs/examples/tabs-manual.html',
  'apg/content/patterns/toolbar/examples/help.html',
  'apg/content/patterns/toolbar/examples/toolbar.html',
  'apg/content/patterns/treegrid/examples/treegrid-1.html',
  'apg/content/patterns/treeview/examples/treeview-1a.html',
  'apg/content/patterns/treeview/examples/treeview-1b.html',
];

/**
 * The suite's sample of APG_PAGES for the axe-core agreement test (the bench judges every page): pages
 * with links and buttons packed close (target size), images, form fields, a date picker and menus.
 */
export const APG_SAMPLE: readonly string[] = [
  'apg/content/patterns/button/examples/button.html',
  'apg/content/patterns/carousel/examples/carousel-1-prev-next.html',
  'apg/content/patterns/combobox/examples/combobox-datepicker.html',
  'apg/content/patterns/link/examples/link.html',
  'apg/content/patterns/menubar/examples/menubar-editor.html',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
}

export function serveFixtures(): Promise<StaticSite> {
  return serveStatic(WEB_FIXTURES);
}

/** A page built from markup (800 × 600), and a web device on it. */
export async function openHtml(browser: Browser, title: string, html: string): Promise<{ page: Page; device: Device }> {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.setContent(`<!doctype html><title>${title}</title>${html}`);
  return { page, device: await webDevice(page) };
}

/** A script that logs each click's target (its id, else its tag) in `window.clicks`. */
export const CLICKS = '<script>window.clicks = []; document.addEventListener("click", (e) => clicks.push(e.target.id || e.target.tagName));</script>';
