import type { Dialog, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, useE2E, visit } from './helpers/browser.js';
import { EMPLOYER_EMAIL } from './helpers/server.js';
import { apiPath, pagePath } from '../../src/shared/paths.js';

const e2e = useE2E({ env: { CONTACT_ENABLED: '1' } });

/**
 * Holds every script of the page until `release` is called: what a visitor on a slow phone
 * sees between the first paint and hydration.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.(js|mjs)(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every POST the page makes, in order. */
function posts(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') seen.push(request);
  });
  return seen;
}

const contact = (page: Page) => page.getByRole('region', { name: "Let's work together" });

describe('the forms with JavaScript', () => {
  it('keeps contact fields typed before hydration, then sends them as JSON in place', async () => {
    const { page } = await e2e.tab();
    const sent = posts(page);
    const release = await holdScripts(page);
    await page.goto(pagePath.resume('contact'), { waitUntil: 'commit' });
    const fields = {
      'Your name': 'Early Bird',
      'Your email': 'early@example.com',
      Subject: 'Typed before the scripts ran',
      Message: 'Nothing I typed may be lost.',
    };
    for (const [label, value] of Object.entries(fields))
      await contact(page).getByLabel(label, { exact: true }).fill(value);
    release();
    await hydrated(page);
    for (const [label, value] of Object.entries(fields))
      expect(await contact(page).getByLabel(label, { exact: true }).inputValue(), label).toBe(
        value,
      );

    await contact(page).getByRole('button', { name: 'Send Message' }).click();
    await expect
      .poll(() => contact(page).getByRole('status').innerText())
      .toBe('Your message has been sent. Thank you!');
    expect(new URL(page.url()).pathname).toBe(pagePath.resume());
    expect(sent.map((r) => r.url())).toEqual([e2e.url(apiPath.contact())]);
    expect(sent[0]!.postDataJSON()).toEqual({
      name: 'Early Bird',
      email: 'early@example.com',
      subject: 'Typed before the scripts ran',
      message: 'Nothing I typed may be lost.',
    });
    expect(await contact(page).getByLabel('Your name').inputValue()).toBe('');
  });

  it("keeps the gate's alert and never posts its form natively", async () => {
    const { page } = await e2e.tab();
    const dialogs: string[] = [];
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    const sent = posts(page);
    await visit(page, '/');
    await page.getByRole('button', { name: "I'm" }).click();
    // Opened in place: no request, no new address.
    await page.getByLabel('Your work email').waitFor({ state: 'visible' });
    expect(new URL(page.url()).search).toBe('');
    await page.getByLabel('Your work email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dialogs).toEqual(['alert: Please text my email to login']);
    expect(sent.map((r) => new URL(r.url()).pathname)).toEqual([apiPath.employerCheck()]);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('keeps an address typed into the open gate before hydration', async () => {
    const { page } = await e2e.tab();
    const sent = posts(page);
    const release = await holdScripts(page);
    await page.goto('/?employer=1', { waitUntil: 'commit' });
    await page.getByLabel('Your work email').fill(EMPLOYER_EMAIL);
    release();
    await hydrated(page);
    expect(await page.getByLabel('Your work email').inputValue()).toBe(EMPLOYER_EMAIL);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === pagePath.resume());
    expect(sent.map((r) => new URL(r.url()).pathname)).toEqual([apiPath.employerCheck()]);
  });
});
