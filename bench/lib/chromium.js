// Debian's Chromium, headless, without sandbox, GPU, QUIC or background traffic: the same
// settings as the browser tests (`scripts/chromium.json`). CHROME_PATH overrides the binary.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.js';

const chromium = JSON.parse(readFileSync(join(ROOT, 'scripts', 'chromium.json'), 'utf8'));
export const CHROME_PATH = process.env.CHROME_PATH ?? chromium.path;
export const CHROMIUM_FLAGS = chromium.flags;

/**
 * The desktop browser's own omnibox popup: Chromium 156 starts it as a renderer of its own
 * (top-chrome WebUI, ~400 modules, 1.5 s of CPU) beside the first page a browser opens, which on
 * a 2-core host takes the page's CPU while Lighthouse traces it. A phone's browser has none.
 */
const DESKTOP_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * `flags` (a launcher's defaults) with the desktop UI's features added to their
 * --disable-features: Chromium keeps only the last --disable-features it is given.
 */
export function withDesktopUiOff(flags) {
  const disable = '--disable-features=';
  const given = flags.find((f) => f.startsWith(disable));
  const features = [
    ...(given ? given.slice(disable.length).split(',') : []),
    ...DESKTOP_UI_FEATURES,
  ];
  return [...flags.filter((f) => f !== given), `${disable}${features.join(',')}`];
}

/**
 * Launches Chromium through Playwright (`chromium` of playwright-core) with the desktop UI's
 * features off, added to the --disable-features Playwright passes itself: they are read from the
 * command line of a browser it launched first (Linux's /proc; elsewhere only the UI's features).
 * Playwright opens every page in a tab of its own, each with its own omnibox popup renderer:
 * 3.1–4.5 s of CPU for the browser per page opened and loaded against 1.8–2.0 s without it.
 */
export async function launchWithDesktopUiOff(chromium, options) {
  const probe = await chromium.launchServer(options);
  let given = [];
  try {
    given = readFileSync(`/proc/${probe.process().pid}/cmdline`, 'utf8')
      .split('\0')
      .filter((f) => f.startsWith('--disable-features='));
  } catch {
    /* no /proc: Playwright's own features stay off only without ours */
  } finally {
    await probe.close();
  }
  return chromium.launch({ ...options, args: [...options.args, ...withDesktopUiOff(given)] });
}
