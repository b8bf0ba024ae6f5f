import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useE2E, visit } from './helpers/browser.js';
import { pagePath } from '../../src/shared/paths.js';

const e2e = useE2E();

const NAV = ['Home', 'About', 'Resume', 'Portfolio', 'Services', 'Contact'];
const TARGETS: Record<string, string> = {
  Home: 'hero',
  About: 'about',
  Resume: 'resume',
  Portfolio: 'portfolio',
  Services: 'services',
  Contact: 'contact',
};

/** Whether the element's top edge is inside the viewport (the section was scrolled to). */
async function topInView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= -2 && box.y < height;
}

function contactForm(page: Page): Locator {
  return page.getByRole('region', { name: "Let's work together" });
}

describe('resume /resume', () => {
  it('has the side navigation of anchors, in order', async () => {
    const { page } = await e2e.tab();
    const response = await visit(page, pagePath.resume());
    expect(response?.status()).toBe(200);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    const links = nav.getByRole('link');
    expect(await links.allInnerTexts()).toEqual(NAV);
    for (const label of NAV) {
      expect(await nav.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(
        `#${TARGETS[label]}`,
      );
    }
  });

  it('shows every section: hero, about, skills, resume, demo products, services, contact', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.resume());
    const hero = page.getByRole('region', { name: 'Noor Halvorsen' });
    expect(await hero.getByRole('heading', { level: 1 }).innerText()).toBe('Noor Halvorsen');
    const ids = await page
      .getByRole('region')
      .evaluateAll((regions) => regions.map((region) => region.id));
    for (const id of Object.values(TARGETS)) expect(ids).toContain(id);
    expect(await page.getByRole('heading', { name: 'Skills' }).isVisible()).toBe(true);
    expect(await page.getByRole('progressbar').count()).toBeGreaterThan(2);
    expect(await page.getByRole('heading', { name: 'Experience and education' }).isVisible()).toBe(
      true,
    );
    const products = page.getByRole('region', { name: 'Demo products' });
    expect(await products.getByRole('article').count()).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: 'How I can help' }).isVisible()).toBe(true);
  });

  it('scrolls to each section from the side navigation', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.resume());
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const label of ['Contact', 'Portfolio', 'About', 'Services', 'Resume', 'Home']) {
      const link = nav.getByRole('link', { name: label, exact: true });
      await link.click();
      const id = TARGETS[label]!;
      await expect.poll(() => new URL(page.url()).hash).toBe(`#${id}`);
      await expect.poll(() => topInView(page, page.locator(`#${id}`))).toBe(true);
      await expect.poll(() => link.getAttribute('aria-current')).toBe('true');
    }
    expect(new URL(page.url()).pathname).toBe(pagePath.resume());
  });

  it('marks the chosen section alone while the page scrolls past the others to it', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.resume());
    const nav = page.getByRole('navigation', { name: 'Sections' });
    // Every section that holds the mark, in order, from the click until the scroll has ended.
    await nav.evaluate((element) => {
      const marked: string[] = [];
      (window as unknown as { marked: string[] }).marked = marked;
      new MutationObserver(() => {
        const current = element.querySelector('[aria-current]');
        if (current) marked.push(current.textContent ?? '');
      }).observe(element, { subtree: true, attributeFilter: ['aria-current'] });
    });
    const scrolled = page.evaluate(
      () => new Promise((resolve) => addEventListener('scrollend', resolve, { once: true })),
    );
    await nav.getByRole('link', { name: 'Contact', exact: true }).click();
    await scrolled;
    expect(await page.evaluate(() => (window as unknown as { marked: string[] }).marked)).toEqual([
      'Contact',
    ]);
    // Scrolled by hand afterwards, the mark follows the page again.
    await page.mouse.wheel(0, -(await page.evaluate(() => document.body.scrollHeight)));
    await expect
      .poll(() => nav.getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current'))
      .toBe('true');
  });

  it('opens the section menu on a phone and scrolls from it', async () => {
    const { page } = await e2e.tab({ viewport: PHONE });
    await visit(page, pagePath.resume());
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    const contact = page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Contact' });
    expect(await contact.isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await contact.click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#contact');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect
      .poll(() => topInView(page, page.getByRole('heading', { name: "Let's work together" })))
      .toBe(true);
  });

  it('has the contact form: four required fields, e-mail typed, Send Message disabled, relative action', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.resume());
    const section = contactForm(page);
    const fields: Record<string, Locator> = {
      name: section.getByLabel('Your name'),
      email: section.getByLabel('Your email'),
      subject: section.getByLabel('Subject'),
      message: section.getByLabel('Message', { exact: true }),
    };
    for (const [name, field] of Object.entries(fields)) {
      expect(await field.getAttribute('name')).toBe(name);
      expect(await field.evaluate((el: HTMLInputElement) => el.required), name).toBe(true);
    }
    expect(await fields.email!.getAttribute('type')).toBe('email');
    expect(await fields.message!.evaluate((el) => el.tagName)).toBe('TEXTAREA');

    const send = section.getByRole('button', { name: 'Send Message' });
    expect(await send.isDisabled()).toBe(true);
    const action = await send.evaluate((el: HTMLButtonElement) => el.form!.getAttribute('action'));
    expect(action).toBeTruthy();
    expect(action).not.toMatch(/^(\/|[a-z]+:)/i);

    // Filling everything in does not enable it, and nothing is sent.
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST') posted = true;
    });
    await fields.name!.fill('Ada');
    await fields.email!.fill('ada@example.com');
    await fields.subject!.fill('Hello');
    await fields.message!.fill('A message');
    expect(await send.isDisabled()).toBe(true);
    await fields.message!.press('Control+Enter');
    await page.waitForTimeout(200);
    expect(posted).toBe(false);
    expect(await page.getByText('Your message has been sent. Thank you!').count()).toBe(0);
  });
});
