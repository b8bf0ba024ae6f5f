import type { Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/**
 * The contact inbox's read state: when the site owner marked a message read (`postfolio messages
 * read`), null while unread. Messages are listed newest first and from a date (`--since`), hence
 * the index on their date.
 */
export function contactReadState(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('contact_messages').addColumn('read_at', 'text').execute();
      await db.schema
        .createIndex('contact_messages_created_idx')
        .on('contact_messages')
        .columns(['created_at', 'id'])
        .execute();
    },
  };
}
