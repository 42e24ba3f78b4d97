/**
 * The platforms the accessibility audit judges (docs/design.md §8), one row each: the unit a size is
 * read in, the screen reader that speaks the screen, and the touch-target minimum with the source it
 * comes from. Pointer platforms (macOS, desktop Compose) have no touch-target minimum: a pointer aims
 * at a 22 pt menu item as well as at a 44 pt one. The web's target size (WCAG 2.5.8, 24×24 CSS px with
 * its spacing exception) is judged by its own rule (analysis/a11y-web.ts); its row names it here so
 * every platform's rule is read in one place.
 */
export const A11Y_PLATFORMS = ['android', 'ios', 'macos', 'desktop', 'web'] as const;
export type A11yPlatform = (typeof A11Y_PLATFORMS)[number];

export interface TouchTargetRule {
  /** Minimum side of a target. */
  min: number;
  /** Minimum side against a screen edge, in that dimension; null when the edge earns nothing. */
  edgeMin: number | null;
  /** Where the numbers come from. */
  source: string;
}

export interface PlatformRow {
  /** As a person names it. */
  title: string;
  /** The unit sizes are judged and printed in (pt on Apple, dp on Android, CSS px on the web). */
  unit: 'dp' | 'pt' | 'CSS px';
  screenReader: string;
  /** null on pointer platforms. */
  touchTarget: TouchTargetRule | null;
}

export const PLATFORMS: Readonly<Record<A11yPlatform, PlatformRow>> = {
  android: {
    title: 'Android', unit: 'dp', screenReader: 'TalkBack',
    touchTarget: { min: 48, edgeMin: 32, source: 'Android Accessibility Test Framework, TouchTargetSizeCheck (48×48 dp; 32 dp against a screen edge)' },
  },
  ios: {
    title: 'iOS', unit: 'pt', screenReader: 'VoiceOver',
    touchTarget: { min: 44, edgeMin: null, source: 'Apple Human Interface Guidelines, Accessibility: hit targets at least 44×44 pt' },
  },
  macos: { title: 'macOS', unit: 'pt', screenReader: 'VoiceOver', touchTarget: null },
  desktop: { title: 'desktop Compose', unit: 'dp', screenReader: 'the desktop screen reader (Java Access Bridge / VoiceOver)', touchTarget: null },
  web: {
    title: 'web', unit: 'CSS px', screenReader: 'the browser\'s accessibility tree (Chromium\'s accname)',
    touchTarget: { min: 24, edgeMin: null, source: 'WCAG 2.2 SC 2.5.8 Target Size (Minimum): 24×24 CSS px, or spaced so a 24 px circle around each meets no other' },
  },
};
