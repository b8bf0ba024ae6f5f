import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Result = AxeResults['passes'][number];

/** axe's tag of the rules whose outcome depends on colours. */
const COLOUR_TAG = 'cat.color';

/**
 * The rules of that tag among axe's defaults, sorted; a11y.e2e.ts checks this list against the
 * rules a full run reports under the tag, so that a rule axe adds is not left out here.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe on the page: its default rules, or only `rules`. Only violations carry their nodes;
 * the other results name their rules. A page of one frame gets axe's script once, by the
 * debugger's evaluation (which the page's CSP does not govern), and is audited by `axe.run` in
 * the page itself, as often as asked: AxeBuilder's legacy mode would inject and configure axe
 * again for every run, about a second of a loaded host's CPU each time. A page with frames gets
 * AxeBuilder's default mode, which audits each frame in its own origin.
 */
export async function audit(page: Page, rules?: readonly string[]): Promise<AxeResults> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    if (rules) builder.withRules([...rules]);
    return builder.analyze();
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (only) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        resultTypes: ['violations'],
        ...(only && { runOnly: { type: 'rule', values: only } }),
      }),
    rules ? [...rules] : null,
  );
}

/** The names of the rules that ran and passed `which`, whatever their outcome, sorted. */
function rulesRun(results: AxeResults, which: (rule: Result) => boolean = () => true): string[] {
  const outcomes = [results.passes, results.violations, results.incomplete, results.inapplicable];
  // A rule appears once for each of its outcomes (some nodes pass, some are left undecided).
  return [
    ...new Set(
      outcomes
        .flat()
        .filter(which)
        .map((rule) => rule.id),
    ),
  ].sort();
}

/** Runs the colour rules alone, and checks that each of them ran. */
export async function auditColours(page: Page): Promise<AxeResults> {
  const results = await audit(page, COLOUR_RULES);
  expect(rulesRun(results), 'the colour rules ran').toEqual(COLOUR_RULES);
  return results;
}

/** The rules of a run whose outcome depends on colours, sorted. */
export const colourRules = (results: AxeResults) =>
  rulesRun(results, (rule) => rule.tags.includes(COLOUR_TAG));

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
function pageApartFromColours(page: Page) {
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

/**
 * Turns the page's colour scheme dark in place and checks that nothing but colours changed: the
 * audits of the light page that the colour rules leave out hold for the dark page too.
 */
export async function turnDarkInPlace(page: Page): Promise<void> {
  const light = await pageApartFromColours(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  expect(dark, 'the page sees a dark scheme').toBe(true);
  expect(await pageApartFromColours(page), 'the page apart from its colours').toEqual(light);
}
