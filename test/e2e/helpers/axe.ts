import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Result = AxeResults['passes'][number];

/** axe's tag of the rules whose outcome depends on colours (color-contrast, link-in-text-block). */
const COLOUR_TAG = 'cat.color';

/**
 * Runs axe on the page: its default rules, or only `rules`. A page of one frame is audited by
 * axe.run in the page itself (axe's legacy mode), which spares a blank page and a second copy of
 * axe per run; that mode skips cross-origin frames, so a page with frames gets the default mode.
 * Only violations carry their nodes; the other results name their rules.
 */
export async function audit(page: Page, rules?: readonly string[]): Promise<AxeResults> {
  const builder = new AxeBuilder({ page })
    .setLegacyMode(page.frames().length === 1)
    .options({ resultTypes: ['violations'] });
  if (rules) builder.withRules([...rules]);
  return builder.analyze();
}

/** Every rule that ran, whatever its outcome. */
export function rulesRun(results: AxeResults): Result[] {
  return [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable];
}

/** The rules of a run whose outcome depends on colours. */
export function colourRules(results: AxeResults): string[] {
  return rulesRun(results)
    .filter((rule) => rule.tags.includes(COLOUR_TAG))
    .map((rule) => rule.id)
    .sort();
}

/** A violation as a failure message shows it: its rule, impact and first few targets. */
export function describeViolations(results: AxeResults) {
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
}

/**
 * What every rule but the colour ones reads: the document's markup, and each element's box and
 * the styles that decide whether it is seen. Equal in two colour schemes, the page differs only
 * in colours between them, so only the colour rules can answer differently.
 */
export function pageApartFromColours(page: Page) {
  return page.evaluate(() => ({
    markup: document.documentElement.outerHTML,
    boxes: [...document.querySelectorAll('*')].map((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return [
        element.tagName,
        box.x,
        box.y,
        box.width,
        box.height,
        style.display,
        style.visibility,
        style.opacity,
        style.clipPath,
        style.fontSize,
        style.fontWeight,
        style.textDecorationLine,
      ].join(' ');
    }),
  }));
}
