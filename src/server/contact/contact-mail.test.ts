import { afterEach, describe, expect, it } from 'vitest';
import { contactApp, type ContactApp } from '../../../test/helpers/contact-app.js';
import { SMTP_USER, startSmtpInbox, type SmtpInbox } from '../../../test/helpers/smtp-inbox.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { loadConfig } from '../config.js';
import { oneLine } from './notification-mail.js';
import { apiPath, FORM_ROUTES } from '../../shared/paths.js';

const OWNER = 'hello@fixture.example'; // the contact e-mail of the fixture's site.yaml

let open: Array<ContactApp | SmtpInbox> = [];
afterEach(async () => {
  for (const thing of open.reverse()) await thing.close();
  open = [];
});

async function inboxAndApp(engine: (typeof ENGINES)[number], inbox: SmtpInbox | null, env = {}) {
  const h = await contactApp(engine, {
    CONTACT_ENABLED: '1',
    ...(inbox ? { SMTP_URL: inbox.url } : {}),
    ...env,
  });
  open.push(...(inbox ? [inbox] : []), h);
  return h;
}

const json = (h: ContactApp, payload: Record<string, string>) =>
  h.app.inject({ method: 'POST', url: apiPath.contact(), payload });

const waitFor = async (done: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const ADA = {
  name: 'Ada "Countess" Lovelace',
  email: 'ada@example.com',
  subject: 'An engine for your team',
  message: 'Hello,\n\nI would like to talk about the analytical engine.\nLine three: ünïcode ✓',
};

describe.each(ENGINES)('contact notification mail on %s', (engine) => {
  it('mails the owner each stored message through SMTP, replying to the visitor', async () => {
    const inbox = await startSmtpInbox();
    const h = await inboxAndApp(engine, inbox);
    const res = await json(h, ADA);
    expect(res.statusCode).toBe(201);
    await waitFor(() => inbox.mails.length === 1);
    const [mail] = inbox.mails;
    const [stored] = await h.messages();
    expect(mail!.user).toBe(SMTP_USER); // logged in with the percent-decoded password
    expect(mail!.from).toBe(OWNER);
    expect(mail!.to).toEqual([OWNER]);
    expect(mail!.headers.get('to')).toEqual([OWNER]);
    expect(mail!.headers.get('from')).toEqual([`Fixture Site contact form <${OWNER}>`]);
    expect(mail!.headers.get('reply-to')).toEqual([
      `"Ada \\"Countess\\" Lovelace" <ada@example.com>`,
    ]);
    expect(mail!.headers.get('subject')).toEqual(['Contact: An engine for your team']);
    expect(mail!.headers.get('auto-submitted')).toEqual(['auto-generated']);
    expect(mail!.text).toContain(ADA.message);
    expect(mail!.text).toContain(`Message ${stored!.id} is in the inbox`);
  });

  it('lets no visitor text add a header or a recipient', async () => {
    const inbox = await startSmtpInbox();
    const h = await inboxAndApp(engine, inbox, {
      CONTACT_NOTIFY_TO: 'inbox@owner.example',
      CONTACT_NOTIFY_FROM: 'site@owner.example',
    });
    const res = await h.app.inject({
      method: 'POST',
      url: FORM_ROUTES.contact,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Eve\r\nBcc: victim@example.com',
        email: 'eve@example.com',
        subject: 'Hi\r\nBcc: victim2@example.com\nX-Injected: yes\r\n\r\nbody?',
        message: 'Real text\r\n.\r\nMAIL FROM:<x@y>',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    await waitFor(() => inbox.mails.length === 1);
    const [mail] = inbox.mails;
    expect(mail!.to).toEqual(['inbox@owner.example']);
    expect(mail!.from).toBe('site@owner.example');
    expect(mail!.headers.has('bcc')).toBe(false);
    expect(mail!.headers.has('x-injected')).toBe(false);
    expect(mail!.headers.get('subject')).toEqual([
      'Contact: Hi Bcc: victim2@example.com X-Injected: yes body?',
    ]);
    expect(mail!.headers.get('reply-to')).toEqual([
      '"Eve Bcc: victim@example.com" <eve@example.com>',
    ]);
    // The SMTP end-of-data line in the message stays text of the body.
    expect(mail!.text).toContain('Real text\n.\nMAIL FROM:<x@y>');
  });

  it('keeps the message and answers at once when the mail server refuses, logging why', async () => {
    const inbox = await startSmtpInbox({ reject: true });
    const h = await inboxAndApp(engine, inbox);
    const res = await json(h, ADA);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Your message has been sent. Thank you!' });
    expect((await h.messages()).map((m) => m.subject)).toEqual([ADA.subject]);
    await waitFor(() => h.logs.some((line) => line.contactMessageId !== undefined));
    const line = h.logs.find((l) => l.contactMessageId !== undefined)!;
    expect(line.level).toBe(50);
    expect(line.msg).toBe('contact message stored, but its notification mail could not be sent');
    expect(JSON.stringify(line.err)).toContain('Mailbox unavailable');
    expect(inbox.mails).toEqual([]);
  });

  it('does not make the visitor wait for a slow mail server', async () => {
    // The inbox answers no mail until released, which comes only after the visitor's answer.
    const inbox = await startSmtpInbox({ hold: true });
    const h = await inboxAndApp(engine, inbox);
    const res = await json(h, ADA);
    expect(res.statusCode).toBe(201);
    await inbox.held;
    expect(inbox.mails).toEqual([]);
    inbox.release();
    await waitFor(() => inbox.mails.length === 1);
  });

  it('never connects to a mail server when SMTP_URL is unset', async () => {
    const inbox = await startSmtpInbox();
    open.push(inbox);
    const h = await inboxAndApp(engine, null);
    expect((await json(h, ADA)).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.connections).toBe(0);
    expect(await h.messages()).toHaveLength(1);
    expect(h.logs.filter((line) => Number(line.level) >= 40)).toEqual([]);
  });
});

describe('mail settings', () => {
  it('reads SMTP_URL with its percent-encoded login, and refuses what cannot work', () => {
    expect(
      loadConfig({ SMTP_URL: 'smtp://me%40x.org:p%3Ass@mail.example:2525' }).contactMail,
    ).toEqual({
      smtp: { host: 'mail.example', port: 2525, secure: false, user: 'me@x.org', pass: 'p:ss' },
      to: undefined,
      from: undefined,
    });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example' }).contactMail.smtp).toEqual({
      host: 'mail.example',
      port: 465,
      secure: true,
    });
    expect(loadConfig({}).contactMail).toEqual({ smtp: null, to: undefined, from: undefined });
    for (const [env, words] of [
      [{ SMTP_URL: 'http://mail.example' }, /SMTP_URL .*"http:" is neither/],
      [{ SMTP_URL: 'mail.example:587' }, /SMTP_URL/],
      [{ SMTP_URL: 'smtp://user:secret%zz@mail.example' }, /SMTP_URL .*percent-encoding/],
      [{ CONTACT_NOTIFY_TO: 'a@b.example, c@d.example' }, /CONTACT_NOTIFY_TO must be one/],
      [{ CONTACT_NOTIFY_FROM: 'x@y.example\r\nBcc: z@w.example' }, /CONTACT_NOTIFY_FROM/],
    ] as const) {
      expect(() => loadConfig(env)).toThrow(words);
      expect(() => loadConfig(env)).not.toThrow(/secret/);
    }
  });

  it('flattens visitor text to one header line', () => {
    expect(oneLine('a\r\nb\u2028c\u0000d\te')).toBe('a b c d e');
    expect(oneLine('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
