import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactApp, type ContactApp } from '../../../../test/helpers/contact-app.js';
import { ENGINES } from '../../../../test/helpers/stores.js';
import { CONTACT_SUCCESS, WRONG_EMAIL_TEXT } from '../../../shared/forms.js';
import { apiPath, FORM_ROUTES, pagePath } from '../../../shared/paths.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const SAME_ORIGIN = { ...FORM, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' };
const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const GOOD = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'Compilers',
  message: 'Shall we talk?',
};

/** A page answer: HTML under the pages' CSP, never cached, never a stack trace. */
function expectPage(res: { headers: Record<string, unknown>; body: string }) {
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(res.body).toMatch(/^<!doctype html>/);
  expect(res.body).not.toMatch(/<script|style=/i);
  expect(res.body).not.toMatch(/\n\s+at /);
}

describe.each(ENGINES)('forms sent without JavaScript on %s', (engine) => {
  let h: ContactApp;
  beforeAll(async () => {
    h = await contactApp(engine, { CONTACT_ENABLED: '1' });
  });
  afterAll(async () => h.close());

  const post = (url: string, payload: string, headers: Record<string, string> = SAME_ORIGIN) =>
    h.app.inject({ method: 'POST', url, headers, payload, remoteAddress: `10.0.0.${n++}` });
  let n = 1;

  it('stores a contact message and answers a page with the success text', async () => {
    const res = await post(
      FORM_ROUTES.contact,
      encode({ ...GOOD, message: '  Shall we talk?\n ' }),
    );
    expect(res.statusCode).toBe(200);
    expectPage(res);
    expect(res.body).toContain(`<p role="status">${CONTACT_SUCCESS}</p>`);
    expect(res.body).toContain('<h1>Message sent</h1>');
    const stored = await h.messages();
    expect(stored.at(-1)).toMatchObject({ ...GOOD, read_at: null });
  });

  it('names each problem of a bad message by its field, and stores nothing', async () => {
    const before = (await h.messages()).length;
    const res = await post(
      FORM_ROUTES.contact,
      encode({
        name: '   ',
        email: 'not-an-address<script>',
        subject: 'x'.repeat(301),
        message: 'm',
      }),
    );
    expect(res.statusCode).toBe(400);
    expectPage(res);
    expect(res.body).toContain('<p role="alert">Your message was not sent.');
    expect(res.body).toContain('<li>Your name: please fill it in.</li>');
    expect(res.body).toContain(
      '<li>Your email: &quot;not-an-address&lt;script&gt;&quot; is not an e-mail address such as name@example.com.</li>',
    );
    expect(res.body).toContain('<li>Subject: at most 300 characters, please.</li>');
    expect(res.body).not.toContain('<li>Message');
    const missing = await post(FORM_ROUTES.contact, encode({ email: 'a@b.example' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('<li>Message: please fill it in.</li>');
    const nul = await post(FORM_ROUTES.contact, encode({ ...GOOD, name: 'a\u0000b' }));
    expect(nul.statusCode).toBe(400);
    expectPage(nul);
    expect((await h.messages()).length).toBe(before);
  });

  it('refuses a form posted from another site, storing nothing', async () => {
    const before = (await h.messages()).length;
    for (const headers of [
      { ...FORM, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { ...FORM, 'sec-fetch-site': 'same-site', origin: 'https://sub.localhost' },
      { ...FORM, origin: 'https://evil.example' },
      { ...FORM, origin: 'null' },
    ]) {
      const res = await post(FORM_ROUTES.contact, encode(GOOD), headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expectPage(res);
      expect(res.body).toContain('This form can only be sent from this site&#39;s own pages.');
      const gate = await post(
        FORM_ROUTES.employerCheck,
        encode({ email: 'boss@example.com' }),
        headers,
      );
      expect(gate.statusCode).toBe(403);
      expect(gate.headers.location).toBeUndefined();
    }
    // A browser of old without Sec-Fetch-Site, from this very host, is fine.
    const res = await post(FORM_ROUTES.contact, encode(GOOD), {
      ...FORM,
      origin: 'http://localhost:80',
    });
    expect(res.statusCode).toBe(200);
    expect((await h.messages()).length).toBe(before + 1);
  });

  it('redirects the right employer address to /resume and answers a wrong one with a page', async () => {
    const pass = await post(FORM_ROUTES.employerCheck, encode({ email: '  BOSS@example.com ' }));
    expect(pass.statusCode).toBe(303);
    expect(pass.headers.location).toBe(pagePath.resume());
    expect(pass.headers['cache-control']).toBe('no-store');
    for (const email of ['someone@example.com', '', '   ']) {
      const res = await post(FORM_ROUTES.employerCheck, encode({ email }));
      expect(res.statusCode, email).toBe(403);
      expectPage(res);
      expect(res.body).toContain(`<p role="status">${WRONG_EMAIL_TEXT}</p>`);
      expect(res.body).toContain('<a href="/?employer=1">Try another address</a>');
      expect(res.body).not.toContain('boss@example.com');
    }
  });

  it('counts the JSON call and the form of each action together against its limit', async () => {
    const remoteAddress = '192.0.2.7';
    const send = (url: string, payload: string, headers = SAME_ORIGIN) =>
      h.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
    for (let i = 0; i < 5; i++)
      expect(
        (
          await send(apiPath.employerCheck(), JSON.stringify({ email: 'x@y.example' }), {
            'content-type': 'application/json',
          } as typeof SAME_ORIGIN)
        ).statusCode,
      ).toBe(200);
    for (let i = 0; i < 5; i++)
      expect(
        (await send(FORM_ROUTES.employerCheck, encode({ email: 'x@y.example' }))).statusCode,
      ).toBe(403);
    const limited = await send(FORM_ROUTES.employerCheck, encode({ email: 'boss@example.com' }));
    expect(limited.statusCode).toBe(429);
    expectPage(limited);
    expect(limited.body).toContain('Please wait a minute before trying again.');
    const api = await send(apiPath.employerCheck(), JSON.stringify({ email: 'boss@example.com' }), {
      'content-type': 'application/json',
    } as typeof SAME_ORIGIN);
    expect(api.statusCode).toBe(429);
    expect(api.json().error.code).toBe('rate_limited');

    // The contact form's own count: five messages a minute, by either way.
    const other = '192.0.2.8';
    for (let i = 0; i < 3; i++)
      expect(
        (
          await h.app.inject({
            method: 'POST',
            url: apiPath.contact(),
            payload: GOOD,
            remoteAddress: other,
          })
        ).statusCode,
      ).toBe(201);
    for (let i = 0; i < 2; i++)
      expect(
        (
          await h.app.inject({
            method: 'POST',
            url: FORM_ROUTES.contact,
            payload: encode(GOOD),
            headers: SAME_ORIGIN,
            remoteAddress: other,
          })
        ).statusCode,
      ).toBe(200);
    const full = await h.app.inject({
      method: 'POST',
      url: FORM_ROUTES.contact,
      payload: encode(GOOD),
      headers: SAME_ORIGIN,
      remoteAddress: other,
    });
    expect(full.statusCode).toBe(429);
    expectPage(full);
  });

  it('answers odd bodies with a page and a 4xx, never a 500', async () => {
    const cases: Array<[string, Record<string, string>, number]> = [
      ['name=%E0%A4%A&email=%ZZ&subject=%&message=%00', SAME_ORIGIN, 400],
      ['email=a@b.example&email=c@d.example&email[]=boss@example.com', SAME_ORIGIN, 403],
      [`message=${'x'.repeat(200_000)}`, SAME_ORIGIN, 413],
      [
        '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--',
        { ...SAME_ORIGIN, 'content-type': 'multipart/form-data; boundary=x' },
        415,
      ],
      [
        '{"email": {"$ne": null}, "name": ["a"]}',
        { ...SAME_ORIGIN, 'content-type': 'application/json' },
        400,
      ],
      ['{"email": "boss@example.com"', { ...SAME_ORIGIN, 'content-type': 'application/json' }, 400],
    ];
    for (const [payload, headers, status] of cases) {
      const url = status === 403 ? FORM_ROUTES.employerCheck : FORM_ROUTES.contact;
      const res = await post(url, payload, headers);
      expect(res.statusCode, payload.slice(0, 40)).toBe(status);
      expect(res.headers['content-type'], payload.slice(0, 40)).toBe('text/html; charset=utf-8');
      expect(res.body).not.toMatch(/\n\s+at /);
    }
  });

  it('keeps the JSON API as it was: JSON answers, form bodies refused', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: apiPath.contact(),
      payload: GOOD,
      remoteAddress: '192.0.2.9',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: CONTACT_SUCCESS });
    const form = await h.app.inject({
      method: 'POST',
      url: apiPath.contact(),
      headers: FORM,
      payload: encode(GOOD),
      remoteAddress: '192.0.2.9',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().error.code).toBe('unsupported_media_type');
  });
});

describe('the contact form switched off', () => {
  it('answers its native form with a page saying so, storing nothing', async () => {
    const h = await contactApp('sqlite');
    try {
      const res = await h.app.inject({
        method: 'POST',
        url: FORM_ROUTES.contact,
        headers: SAME_ORIGIN,
        payload: encode(GOOD),
      });
      expect(res.statusCode).toBe(404);
      expectPage(res);
      expect(res.body).toContain('The contact form is switched off on this site.');
      expect(await h.messages()).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
