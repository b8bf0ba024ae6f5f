import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postfolioInProcess } from '../../test/helpers/postfolio-cli.js';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/stores.js';
import { ContactMessagesRepository } from '../server/contact/contact-messages.repository.js';

interface Listed {
  id: number;
  name: string;
  subject: string;
  created_at: string;
  read_at: string | null;
}

describe.each(ENGINES)('postfolio messages on %s', (engine) => {
  let test: TestStore;
  const ids: Record<string, number> = {};

  const postfolio = (args: string[], env: Record<string, string> = {}) =>
    postfolioInProcess(['messages', ...args], { DATABASE_URL: test.url, ...env });
  const listed = async () => JSON.parse((await postfolio(['--json'])).out) as Listed[];

  beforeAll(async () => {
    test = await createTestStore(engine);
    const repository = new ContactMessagesRepository(test.store.db);
    // Stored out of date order, so that newest first is not simply the reverse of the ids.
    for (const [key, day, name, message] of [
      ['middle', '02', 'Grace Hopper', 'Second by date.'],
      ['oldest', '01', 'Ada Lovelace', 'First by date.\n\nA second paragraph.'],
      ['newest', '03', 'Mallory', 'Colours? \u001b[31mred\u001b[0m \u001b]0;title\u0007 done'],
    ] as const)
      ids[key] = await repository.insert({
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
        subject: `About ${key}`,
        message,
        created_at: `2026-01-${day}T10:00:00.000Z`,
      });
  });
  afterAll(async () => test.drop());

  it('lists the messages newest first, as text and as JSON', async () => {
    const text = await postfolio([]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^3 contact messages, 3 unread, newest first:\n/);
    const heads = [...text.out.matchAll(/^#(\d+) {2}(\S+ \S+ UTC) {2}(\w+)$/gm)];
    expect(heads.map((m) => Number(m[1]))).toEqual([ids.newest, ids.middle, ids.oldest]);
    expect(heads.map((m) => m[2])).toEqual([
      '2026-01-03 10:00 UTC',
      '2026-01-02 10:00 UTC',
      '2026-01-01 10:00 UTC',
    ]);
    expect(text.out).toContain(
      '  From:    Ada Lovelace <ada@example.com>\n  Subject: About oldest',
    );
    expect(text.out).toContain('    First by date.\n\n    A second paragraph.');
    // A visitor's escape sequences never reach the terminal.
    expect(text.out).not.toContain('\u001b');
    expect(text.out).not.toContain('\u0007');
    expect(text.out).toContain('Colours? \uFFFD[31mred\uFFFD[0m \uFFFD]0;title\uFFFD done');

    const json = await listed();
    expect(json.map((m) => m.id)).toEqual([ids.newest, ids.middle, ids.oldest]);
    expect(json[2]).toEqual({
      id: ids.oldest,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'About oldest',
      message: 'First by date.\n\nA second paragraph.',
      created_at: '2026-01-01T10:00:00.000Z',
      read_at: null,
    });
  });

  it('marks messages read and unread, and lists only unread or recent ones', async () => {
    const before = Date.now();
    const read = await postfolio(['read', String(ids.oldest), `#${ids.newest}`]);
    expect(read).toMatchObject({ code: 0, out: 'Marked 2 messages read\n' });
    const again = await postfolio(['read', String(ids.oldest)]);
    expect(again.out).toBe('Marked 0 messages read (1 other already read)\n');
    const states = await listed();
    expect(states.filter((m) => m.read_at).map((m) => m.id)).toEqual([ids.newest, ids.oldest]);
    // Read by the command: at a moment between its start and now.
    const readAt = Date.parse(states[0]!.read_at!);
    expect(readAt).toBeGreaterThanOrEqual(before);
    expect(readAt).toBeLessThanOrEqual(Date.now());
    expect((await postfolio(['--unread'])).out).toMatch(
      new RegExp(`^1 unread contact messages, 1 unread, newest first:\\n\\n#${ids.middle} `),
    );
    expect(
      (JSON.parse((await postfolio(['--unread', '--json'])).out) as Listed[]).map((m) => m.id),
    ).toEqual([ids.middle]);
    const recent = JSON.parse(
      (await postfolio(['--since', '2026-01-02', '--json'])).out,
    ) as Listed[];
    expect(recent.map((m) => m.id)).toEqual([ids.newest, ids.middle]);
    const later = JSON.parse(
      (await postfolio(['--since', '2026-01-02T10:00:01Z', '--json'])).out,
    ) as Listed[];
    expect(later.map((m) => m.id)).toEqual([ids.newest]);

    expect((await postfolio(['unread', String(ids.newest)])).out).toBe('Marked 1 message unread\n');
    expect((await listed()).find((m) => m.id === ids.newest)!.read_at).toBeNull();
  });

  it('changes nothing for an unknown id, naming it, and exits with 1', async () => {
    const before = await listed();
    for (const verb of ['read', 'unread', 'delete']) {
      const result = await postfolio([verb, String(ids.middle), '999999']);
      expect(result.code, verb).toBe(1);
      expect(result.err).toBe(
        'postfolio: no contact message with id 999999; nothing was changed (postfolio messages lists them)\n',
      );
    }
    expect(await listed()).toEqual(before);
  });

  it('deletes messages by id', async () => {
    const result = await postfolio(['delete', String(ids.middle), String(ids.middle)]);
    expect(result).toMatchObject({ code: 0, out: 'Deleted 1 message\n' });
    expect((await listed()).map((m) => m.id)).toEqual([ids.newest, ids.oldest]);
    expect((await postfolio(['delete', String(ids.middle)])).code).toBe(1);
  });

  it('refuses a bad command line with one line and exit status 2', async () => {
    const cases: Array<[string[], string]> = [
      [
        ['read', 'abc'],
        'postfolio: "abc" is not a message id: give the numbers postfolio messages shows, e.g. 12',
      ],
      [['delete', '0'], 'postfolio: "0" is not a message id'],
      [['read'], 'postfolio: read needs message ids: postfolio messages read <id...>'],
      [['--since', 'yesterday'], 'postfolio: --since takes a date such as 2026-11-01'],
      [['--since', '2026-02-30'], 'postfolio: --since takes a date'],
      [
        ['--frob'],
        'postfolio: unknown option "--frob" for messages; see postfolio messages --help',
      ],
      [['read', '1', '--frob'], 'see postfolio messages read --help'],
      [
        ['frob'],
        'postfolio: too many arguments for messages: "frob"; see postfolio messages --help',
      ],
    ];
    for (const [args, line] of cases) {
      const result = await postfolio(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err, args.join(' ')).toContain(line);
      expect(result.err.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });

  it('says so when there is nothing to list, and why when the form is off', async () => {
    expect((await postfolio(['--since', '2030-01-01'])).out).toBe(
      'No contact messages since 2030-01-01T00:00:00.000Z (the contact form is switched off: set CONTACT_ENABLED=1).\n',
    );
    expect((await postfolio(['--since', '2030-01-01'], { CONTACT_ENABLED: '1' })).out).toBe(
      'No contact messages since 2030-01-01T00:00:00.000Z.\n',
    );
    const help = await postfolio(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: postfolio messages [--unread] [--since DATE] [--json]');
    for (const sub of ['read', 'unread', 'delete'])
      expect(help.out).toMatch(new RegExp(`^  ${sub} `, 'm'));
  });
});
