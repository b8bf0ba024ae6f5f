import type { Command } from 'commander';
import type { ContactMessage } from '../server/contact/contact-messages.repository.js';
import { deleteMessages, listMessages, markMessages } from '../server/contact/inbox.service.js';
import { printable } from './printable.js';
import { siteOption, useSite } from './site.js';
import { withStore } from './store.js';
import { UsageError } from './usage.js';

/** A date (midnight UTC) or a date and time, with seconds, fraction and zone optional. */
const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Whether the text's YYYY-MM-DD is a day of the calendar: Date.parse takes 2026-02-30 as 2 March. */
function realDay(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `--since`: an instant as ISO 8601 UTC, the form messages are stored with. */
export function parseSince(text: string): string {
  const trimmed = text.trim();
  const time = DATE.test(trimmed) && realDay(trimmed) ? Date.parse(trimmed) : NaN;
  if (Number.isNaN(time))
    throw new UsageError(
      `--since takes a date such as 2026-11-01 or a time such as 2026-11-01T09:30Z, not "${text}"`,
    );
  return new Date(time).toISOString();
}

/** Message ids as typed: whole numbers, the ones `postfolio messages` shows after '#'. */
export function parseIds(texts: string[]): number[] {
  return texts.map((text) => {
    const id = Number(text.replace(/^#/, ''));
    if (!/^#?\d{1,15}$/.test(text) || !Number.isSafeInteger(id) || id < 1)
      throw new UsageError(
        `"${text}" is not a message id: give the numbers postfolio messages shows, e.g. 12`,
      );
    return id;
  });
}

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

function formatMessage(message: ContactMessage): string {
  const state = message.read_at ? `read ${when(message.read_at)}` : 'unread';
  const body = printable(message.message)
    .split(/\r\n|\r|\n/)
    .map((line) => (line ? `    ${line}` : ''))
    .join('\n');
  return [
    `#${message.id}  ${when(message.created_at)}  ${state}`,
    `  From:    ${printable(message.name)} <${printable(message.email)}>`,
    `  Subject: ${printable(message.subject)}`,
    body,
  ].join('\n');
}

interface ListOptions {
  site?: string;
  unread?: boolean;
  since?: string;
  json?: boolean;
}

export async function listMessagesCommand(options: ListOptions): Promise<void> {
  const since = options.since === undefined ? undefined : parseSince(options.since);
  const site = useSite(options.site);
  const contactEnabled = site.config.contactEnabled;
  const messages = await withStore(site, (store) =>
    listMessages(store, { since, unread: options.unread === true }),
  );
  if (options.json) {
    console.log(JSON.stringify(messages, null, 2));
    return;
  }
  const which = [
    options.unread ? 'unread ' : '',
    'contact messages',
    since ? ` since ${since}` : '',
  ].join('');
  if (!messages.length) {
    const off = contactEnabled ? '' : ' (the contact form is switched off: set CONTACT_ENABLED=1)';
    console.log(`No ${which}${off}.`);
    return;
  }
  const unread = messages.filter((message) => !message.read_at).length;
  console.log(`${messages.length} ${which}, ${unread} unread, newest first:\n`);
  console.log(messages.map(formatMessage).join('\n\n'));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function markCommand(
  ids: string[],
  read: boolean,
  options: { site?: string },
): Promise<void> {
  const wanted = parseIds(ids);
  const changed = await withStore(useSite(options.site), (store) =>
    markMessages(store, wanted, read),
  );
  const unique = new Set(wanted).size;
  const already = unique - changed;
  const state = read ? 'read' : 'unread';
  console.log(
    `Marked ${plural(changed, 'message')} ${state}` +
      (already ? ` (${plural(already, 'other')} already ${state})` : ''),
  );
}

export async function deleteCommand(ids: string[], options: { site?: string }): Promise<void> {
  const wanted = parseIds(ids);
  const deleted = await withStore(useSite(options.site), (store) => deleteMessages(store, wanted));
  console.log(`Deleted ${plural(deleted, 'message')}`);
}

/** `postfolio messages`: the contact inbox. */
export function addMessagesCommand(program: Command): void {
  const messages = siteOption(
    program
      .command('messages')
      .summary('list contact messages (newest first), mark them read or delete them')
      .description(
        'Lists the messages sent through the contact form, newest first. `messages read <id...>` and `messages unread <id...>` mark them, `messages delete <id...>` removes them; an unknown id changes nothing and exits with 1.',
      )
      .usage('[--unread] [--since DATE] [--json] [--site DIR] | read|unread|delete <id...>')
      .option('--unread', 'only the messages not marked read')
      .option(
        '--since <date>',
        'only those sent at or after a date (2026-11-01) or time (…T09:30Z)',
      )
      .option('--json', 'print them as a JSON array'),
  ).action(listMessagesCommand);
  type Action = (ids: string[], options: { site?: string }) => Promise<void>;
  const actions: Array<[string, string, Action]> = [
    ['read', 'mark messages read', (ids, options) => markCommand(ids, true, options)],
    ['unread', 'mark messages unread again', (ids, options) => markCommand(ids, false, options)],
    ['delete', 'delete messages', deleteCommand],
  ];
  for (const [name, summary, action] of actions)
    siteOption(
      messages
        .command(name)
        .summary(summary)
        .usage('<id...> [--site DIR]')
        .argument('<id...>', 'the ids that postfolio messages shows after #'),
      // --site before the subcommand belongs to messages, after its ids to the subcommand.
    ).action((ids: string[], _options: unknown, command: Command) =>
      action(ids, command.optsWithGlobals()),
    );
}
