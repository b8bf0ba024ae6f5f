// Debian's Chromium and its flags (`chromium.json`), shared by the browser tests and the benches,
// and the Chromium features they turn off, merged into the list Playwright turns off itself:
// Chromium keeps only the last --disable-features it is given.
import { readFileSync } from 'node:fs';

const settings = JSON.parse(readFileSync(new URL('./chromium.json', import.meta.url), 'utf8'));
export const CHROMIUM_PATH = settings.path;
export const CHROMIUM_FLAGS = settings.flags;

/**
 * The desktop browser's own omnibox popup: Chromium 156 starts it as a renderer of its own
 * (top-chrome WebUI, ~400 modules, 1.5 s of CPU) beside every tab Playwright opens. No page sees it.
 */
export const DESKTOP_UI_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];

/**
 * The renderer Chromium keeps started ahead of the next tab: one more process beside the tests'
 * tabs, each of which opens in a context of its own.
 */
export const SPARE_RENDERER_FEATURES = ['SpareRendererForSitePerProcess'];

const DISABLE = '--disable-features=';

/** `flags` with `features` added to their --disable-features, as one switch, the last. */
export function withFeaturesOff(flags, features) {
  const given = flags.find((flag) => flag.startsWith(DISABLE));
  const all = [...(given ? given.slice(DISABLE.length).split(',') : []), ...features];
  return [...flags.filter((flag) => flag !== given), `${DISABLE}${all.join(',')}`];
}

/**
 * The --disable-features switch Playwright passes Chromium, read from the command line of a
 * browser it launches for the purpose (Linux's /proc): playwright-core does not export its list.
 * Undefined where there is no /proc.
 */
async function playwrightFeaturesSwitch(chromium, executablePath) {
  const probe = await chromium.launchServer({ executablePath, args: CHROMIUM_FLAGS });
  try {
    return readFileSync(`/proc/${probe.process().pid}/cmdline`, 'utf8')
      .split('\0')
      .find((flag) => flag.startsWith(DISABLE));
  } catch {
    return undefined;
  } finally {
    await probe.close();
  }
}

/**
 * Launch options for `chromium` of playwright-core with `features` off beside Playwright's own:
 * its switch is left out (`ignoreDefaultArgs`) and one switch holding both lists is added to `args`.
 * Without /proc, only `features` are off.
 */
export async function withPlaywrightFeaturesOff(chromium, options, features) {
  const given = await playwrightFeaturesSwitch(chromium, options.executablePath);
  return {
    ...options,
    ...(given ? { ignoreDefaultArgs: [given] } : {}),
    args: [...(options.args ?? []), ...withFeaturesOff(given ? [given] : [], features)],
  };
}
