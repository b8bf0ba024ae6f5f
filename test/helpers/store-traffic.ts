// Writes and reads a store until SIGTERM, from a process of its own, so that a backup taken by
// the test process runs beside real traffic: imports alternating between two content folders
// (each one transaction over every post), contact messages numbered in order, and a fast
// "ledger" whose every transaction writes two tables (a message "ledger n" and the description
// "ledger n" of the category guides): a snapshot holds both halves of a ledger entry or neither.
// Usage: node --import tsx test/helpers/store-traffic.ts <DATABASE_URL> <dir A> <dir B> <images dir>
import { importContent } from '../../src/server/content/import.service.js';
import { openStore } from '../../src/server/db/connection.js';

const [url, dirA, dirB, imagesDir] = process.argv.slice(2) as [string, string, string, string];
const store = openStore(url, { poolSize: 4 });
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
});

/** A contact message, as the contact form stores it. */
const message = (name: string, subject: string) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  subject,
  message: 'Sent while a backup runs',
  created_at: new Date().toISOString(),
});

async function write(): Promise<void> {
  for (let round = 1; !stopping; round++) {
    await importContent(store, { contentDir: round % 2 ? dirB : dirA, imagesDir });
    await store.db
      .insertInto('contact_messages')
      .values(message('Traffic', `message ${round}`))
      .execute();
    process.stdout.write(`round ${round}\n`);
  }
}

async function ledger(): Promise<void> {
  for (let entry = 1; !stopping; entry++) {
    await store.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('contact_messages')
        .values(message('Ledger', `ledger ${entry}`))
        .execute();
      await trx
        .updateTable('categories')
        .set({ description: `ledger ${entry}` })
        .where('slug', '=', 'guides')
        .execute();
    });
    // better-sqlite3 answers at once: without a turn of the event loop the others would starve.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function read(): Promise<void> {
  while (!stopping) {
    await store.db
      .selectFrom('posts')
      .select(['slug', 'title'])
      .where('draft', '=', 0)
      .orderBy('published_at', 'desc')
      .limit(12)
      .execute();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

await Promise.all([write(), ledger(), read(), read()]);
await store.close();
