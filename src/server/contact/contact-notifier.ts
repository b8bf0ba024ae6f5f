import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ContactMessage } from './contact-messages.repository.js';
import type { ContactMailConfig } from './mail-config.js';
import { notificationMail } from './notification-mail.js';

/** What the notification needs of the site config, read when each message arrives. */
export interface NotifySite {
  title: string;
  /** The portfolio's contact address: the recipient unless CONTACT_NOTIFY_TO names another. */
  contactEmail: string;
}

/** How long closing the server waits for mails still being sent. */
const CLOSE_WAIT_MS = 5000;

/**
 * Mails the site owner each stored contact message through SMTP, in the background: the visitor's
 * answer never waits for the mail server, and a failure is logged, never thrown (the message is
 * already in the store, `postfolio messages` lists it). Without SMTP_URL it does nothing.
 */
export class ContactNotifier {
  private readonly transport: Transporter | null;
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly config: ContactMailConfig,
    private readonly log: FastifyBaseLogger,
    private readonly site: () => NotifySite | null,
  ) {
    const smtp = config.smtp;
    this.transport = smtp
      ? nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          ...(smtp.user !== undefined ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
          // A mail server that hangs must not keep sockets (or a shutdown) waiting for long.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  /** Starts mailing `message` and returns at once. */
  notify(message: ContactMessage): void {
    if (!this.transport) return;
    const sent = this.send(this.transport, message).catch((error: unknown) => {
      this.log.error(
        { err: error, contactMessageId: message.id },
        'contact message stored, but its notification mail could not be sent',
      );
    });
    this.sending.add(sent);
    void sent.finally(() => this.sending.delete(sent));
  }

  /** Resolves once every mail started so far was sent or failed: for shutdown and tests. */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.sending]);
  }

  /** Waits a little for mails in flight, then closes the connections. */
  async close(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.idle(),
      new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS).unref())),
    ]);
    clearTimeout(timer);
    this.transport?.close();
  }

  private async send(transport: Transporter, message: ContactMessage): Promise<void> {
    const site = this.site();
    const to = this.config.to ?? site?.contactEmail;
    if (!to) {
      this.log.warn(
        { contactMessageId: message.id },
        'no address to notify: set CONTACT_NOTIFY_TO or the contact e-mail of site.yaml',
      );
      return;
    }
    const mail = notificationMail(message, {
      to,
      from: this.config.from ?? to,
      siteTitle: site?.title ?? 'Postfolio',
    });
    await transport.sendMail(mail);
  }
}
