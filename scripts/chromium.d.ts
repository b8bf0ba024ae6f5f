import type { BrowserType } from 'playwright-core';

/** Debian's Chromium, from `chromium.json`. */
export const CHROMIUM_PATH: string;
/** The flags the browser tests and benches launch Chromium with, from `chromium.json`. */
export const CHROMIUM_FLAGS: string[];
/** The desktop omnibox popup's features: a renderer of its own beside every tab. */
export const DESKTOP_UI_FEATURES: string[];
/** The spare renderer started ahead of every tab. */
export const SPARE_RENDERER_FEATURES: string[];
/** `flags` with `features` added to their --disable-features, as one switch, the last. */
export function withFeaturesOff(flags: string[], features: string[]): string[];
/** Launch options with `features` off beside Playwright's own, in one --disable-features. */
export function withPlaywrightFeaturesOff<T extends { executablePath?: string; args?: string[] }>(
  chromium: BrowserType,
  options: T,
  features: string[],
): Promise<T & { args: string[]; ignoreDefaultArgs?: string[] }>;
