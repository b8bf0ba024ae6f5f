import type { Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E, visit } from './helpers/browser.js';
import { EMPLOYER_EMAIL } from './helpers/server.js';
import { apiPath, pagePath } from '../../src/shared/paths.js';

// Its own server: it spends employer-gate attempts, which a server counts per client.
const e2e = useE2E({ ownServer: true });
const ALERT = 'Please text my email to login';

/** Records every dialog's type and text and accepts it, as a person clicking OK would. */
function recordDialogs(page: Page): { type: string; message: string }[] {
  const seen: { type: string; message: string }[] = [];
  page.on('dialog', (dialog: Dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    void dialog.accept();
  });
  return seen;
}

async function submitEmail(page: Page, email: string): Promise<void> {
  const input = page.getByLabel('Your work email');
  await input.fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
}

describe('landing /', () => {
  it('shows the student card with its external link and the employer card', async () => {
    const { page } = await e2e.tab();
    const response = await visit(page, '/');
    expect(response?.status()).toBe(200);
    const student = page.getByRole('region', { name: 'Learning web development?' });
    const link = student.getByRole('link', { name: /Open the web course/ });
    expect(await link.getAttribute('href')).toBe('https://learn.example.org/web-course');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    const employer = page.getByRole('region', { name: 'Hiring? Unlock the portfolio' });
    expect(await employer.getByRole('button', { name: "I'm" }).isVisible()).toBe(true);
  });

  it("keeps the e-mail box hidden until 'I'm' is clicked, and 'Go Here' disabled", async () => {
    const { page } = await e2e.tab();
    await visit(page, '/');
    const goHere = page.getByRole('link', { name: 'Go Here' });
    expect(await goHere.getAttribute('aria-disabled')).toBe('true');
    expect(await goHere.getAttribute('href')).toBeNull();
    expect(await page.getByLabel('Your work email').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Submit' }).isVisible()).toBe(false);

    const im = page.getByRole('button', { name: "I'm" });
    expect(await im.getAttribute('aria-expanded')).toBe('false');
    await im.click();
    expect(await im.getAttribute('aria-expanded')).toBe('true');
    await page.getByLabel('Your work email').waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'Submit' }).isVisible()).toBe(true);
    // Clicking a disabled 'Go Here' (forced past the actionability check) goes nowhere.
    await goHere.click({ force: true });
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('alerts exactly the specification text for a wrong or an empty address', async () => {
    const { page } = await e2e.tab();
    const dialogs = recordDialogs(page);
    await visit(page, '/');
    await page.getByRole('button', { name: "I'm" }).click();

    await submitEmail(page, 'someone.else@example.com');
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toEqual({ type: 'alert', message: ALERT });

    await submitEmail(page, '');
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs[1]).toEqual({ type: 'alert', message: ALERT });

    await submitEmail(page, '   ');
    await expect.poll(() => dialogs.length).toBe(3);
    expect(dialogs[2]).toEqual({ type: 'alert', message: ALERT });

    expect(new URL(page.url()).pathname).toBe('/');
    const goHere = page.getByRole('link', { name: 'Go Here' });
    expect(await goHere.getAttribute('aria-disabled')).toBe('true');
  });

  it('accepts the right address (trimmed, any case), opens /resume and unlocks Go Here', async () => {
    const { page } = await e2e.tab();
    const dialogs = recordDialogs(page);
    await visit(page, '/');
    await page.getByRole('button', { name: "I'm" }).click();
    await submitEmail(page, '  BOSS@example.com ');
    await page.waitForURL((url) => url.pathname === pagePath.resume());
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(dialogs).toEqual([]);

    await visit(page, '/');
    const goHere = page.getByRole('link', { name: 'Go Here' });
    await expect.poll(() => goHere.getAttribute('aria-disabled')).toBeNull();
    expect(await goHere.getAttribute('href')).toBe(pagePath.resume());

    // The flag lives in the session: it survives a reload.
    await page.reload();
    await visit(page, '/');
    await expect.poll(() => goHere.getAttribute('href')).toBe(pagePath.resume());
    await goHere.click();
    await page.waitForURL((url) => url.pathname === pagePath.resume());

    // A new session (new context) starts locked again.
    const fresh = await e2e.tab();
    await visit(fresh.page, '/');
    expect(
      await fresh.page.getByRole('link', { name: 'Go Here' }).getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('never sends the expected address to the browser', async () => {
    const { page } = await e2e.tab();
    recordDialogs(page);
    const bodies: { url: string; text: string }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      pending.push(
        response
          .body()
          .then((body) => void bodies.push({ url: response.url(), text: body.toString('utf8') }))
          .catch(() => undefined), // redirects have no body
      );
    });
    await visit(page, '/');
    await page.getByRole('button', { name: "I'm" }).click();
    await submitEmail(page, 'wrong@example.com');
    await expect.poll(() => bodies.some((b) => b.url.includes(apiPath.employerCheck()))).toBe(true);
    await submitEmail(page, EMPLOYER_EMAIL);
    await page.waitForURL((url) => url.pathname === pagePath.resume());
    for (const path of [
      pagePath.resume(),
      pagePath.posts(),
      '/full-text-search-with-fts5',
      pagePath.category(1),
    ]) {
      await visit(page, path);
    }
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);

    const kinds = new Set(bodies.map((b) => b.url.split('?')[0]!.split('.').pop()));
    expect(kinds.has('js'), 'JavaScript was downloaded').toBe(true);
    // The stylesheet is inlined into every page, so it is checked as part of the HTML.
    expect(
      bodies.some((b) => b.text.includes('<style>')),
      'the inline stylesheet was received',
    ).toBe(true);
    expect(bodies.length).toBeGreaterThan(10);
    const leaks = bodies.filter((b) => b.text.toLowerCase().includes(EMPLOYER_EMAIL));
    expect(leaks.map((b) => b.url)).toEqual([]);
  });
});
