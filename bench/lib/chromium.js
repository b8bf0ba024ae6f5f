// Debian's Chromium, headless, without sandbox, GPU, QUIC or background traffic: the same
// settings as the browser tests (`scripts/chromium.json`). CHROME_PATH overrides the binary.
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  DESKTOP_UI_FEATURES,
  withFeaturesOff,
  withPlaywrightFeaturesOff,
} from '../../scripts/chromium.js';

export const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM_PATH;
export { CHROMIUM_FLAGS };

/** `flags` (a launcher's defaults) with the desktop omnibox popup's features added. */
export function withDesktopUiOff(flags) {
  return withFeaturesOff(flags, DESKTOP_UI_FEATURES);
}

/**
 * Launches Chromium through Playwright (`chromium` of playwright-core) with the desktop UI's
 * features off beside Playwright's own. Playwright opens every page in a tab of its own, each
 * with its own omnibox popup renderer: 3.1–4.5 s of CPU for the browser per page opened and
 * loaded against 1.8–2.0 s without it.
 */
export async function launchWithDesktopUiOff(chromium, options) {
  return chromium.launch(await withPlaywrightFeaturesOff(chromium, options, DESKTOP_UI_FEATURES));
}
