import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ContactMessagesTable, Database } from '../db/schema.js';
import { batches } from '../db/batches.js';

export type ContactMessage = Selectable<ContactMessagesTable>;
export type NewContactMessage = Omit<Insertable<ContactMessagesTable>, 'id' | 'read_at'>;

export interface MessageFilter {
  /** Only messages sent at or after this moment (ISO 8601 UTC). */
  since?: string;
  /** Only messages nobody marked read. */
  unread?: boolean;
}

/** The SQL of the contact inbox: messages sent through the contact form and their read state. */
export class ContactMessagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a message as unread; returns its id. */
  async insert(message: NewContactMessage): Promise<number> {
    const row = await this.db
      .insertInto('contact_messages')
      .values({ ...message, read_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The messages, newest first (by date, then by id for messages of the same instant). */
  async list(filter: MessageFilter = {}): Promise<ContactMessage[]> {
    let query = this.db.selectFrom('contact_messages').selectAll();
    if (filter.since !== undefined) query = query.where('created_at', '>=', filter.since);
    if (filter.unread) query = query.where('read_at', 'is', null);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /** Which of these ids the store holds. */
  async existing(ids: readonly number[]): Promise<Set<number>> {
    const found = new Set<number>();
    for (const batch of batches(ids)) {
      const rows = await this.db
        .selectFrom('contact_messages')
        .select('id')
        .where('id', 'in', batch)
        .execute();
      for (const row of rows) found.add(Number(row.id));
    }
    return found;
  }

  /**
   * Marks messages read at `at`, or unread with null; a message already read keeps the moment
   * it was first read. Returns how many rows changed.
   */
  async setRead(ids: readonly number[], at: string | null): Promise<number> {
    let changed = 0;
    for (const batch of batches(ids)) {
      const result = await this.db
        .updateTable('contact_messages')
        .set({ read_at: at })
        .where('id', 'in', batch)
        .where('read_at', at === null ? 'is not' : 'is', null)
        .executeTakeFirst();
      changed += Number(result.numUpdatedRows);
    }
    return changed;
  }

  /** Deletes messages; returns how many there were. */
  async delete(ids: readonly number[]): Promise<number> {
    let deleted = 0;
    for (const batch of batches(ids)) {
      const result = await this.db
        .deleteFrom('contact_messages')
        .where('id', 'in', batch)
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  }
}
