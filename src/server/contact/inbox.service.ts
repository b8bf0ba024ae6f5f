import type { Store } from '../db/connection.js';
import {
  ContactMessagesRepository,
  type ContactMessage,
  type MessageFilter,
} from './contact-messages.repository.js';

/** Ids the owner named that no message has: nothing was changed. */
export class UnknownMessagesError extends Error {
  constructor(readonly ids: number[]) {
    super(
      `no contact message with id ${ids.join(', ')}; nothing was changed (postfolio messages lists them)`,
    );
  }
}

/** The contact messages, newest first. */
export function listMessages(store: Store, filter: MessageFilter = {}): Promise<ContactMessage[]> {
  return new ContactMessagesRepository(store.db).list(filter);
}

/**
 * Runs `change` on the messages `ids` in one transaction, after checking that every one exists:
 * a mistyped id changes nothing, so that the owner can correct the line and run it again.
 */
async function changeAll(
  store: Store,
  ids: readonly number[],
  change: (repository: ContactMessagesRepository, ids: number[]) => Promise<number>,
): Promise<number> {
  const unique = [...new Set(ids)];
  return store.db.transaction().execute(async (trx) => {
    const repository = new ContactMessagesRepository(trx);
    const found = await repository.existing(unique);
    const unknown = unique.filter((id) => !found.has(id));
    if (unknown.length) throw new UnknownMessagesError(unknown);
    return change(repository, unique);
  });
}

/** Marks messages read (now) or unread; returns how many changed state. */
export function markMessages(
  store: Store,
  ids: readonly number[],
  read: boolean,
  now = new Date(),
): Promise<number> {
  return changeAll(store, ids, (repository, unique) =>
    repository.setRead(unique, read ? now.toISOString() : null),
  );
}

/** Deletes messages; returns how many. */
export function deleteMessages(store: Store, ids: readonly number[]): Promise<number> {
  return changeAll(store, ids, (repository, unique) => repository.delete(unique));
}
