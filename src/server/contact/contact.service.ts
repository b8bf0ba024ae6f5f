import type { ContactBody } from '../../shared/schemas/api.js';
import type { Store } from '../db/connection.js';
import { ContactMessagesRepository, type ContactMessage } from './contact-messages.repository.js';
import type { ContactNotifier } from './contact-notifier.js';

/** Receives what visitors send through the contact form, by JSON or as a native form. */
export class ContactService {
  constructor(
    private readonly store: Store,
    readonly notifier: ContactNotifier,
    /** Told of each message stored (the analytics count it). */
    private readonly onReceived: () => void = () => {},
  ) {}

  /**
   * Stores the message, then starts mailing the owner without waiting for it: once this
   * resolves the message is safe, whatever the mail server does.
   */
  async receive(body: ContactBody, now = new Date()): Promise<ContactMessage> {
    const created_at = now.toISOString();
    const id = await new ContactMessagesRepository(this.store.db).insert({ ...body, created_at });
    const message: ContactMessage = { ...body, id, created_at, read_at: null };
    this.notifier.notify(message);
    this.onReceived();
    return message;
  }
}
