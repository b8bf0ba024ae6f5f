import type { ContactMessage } from './contact-messages.repository.js';

/** What the owner's mailbox receives for one contact message: nodemailer's message fields. */
export interface NotificationMail {
  from: { name: string; address: string };
  to: string;
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/**
 * Text a visitor wrote, made fit for one header line: line breaks and other controls become
 * spaces, so that no visitor text can start a header of its own (nodemailer encodes the rest).
 */
export function oneLine(text: string, max = 200): string {
  const flat = text
    // eslint-disable-next-line no-control-regex -- the controls are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The notification of a stored message: to the owner, from the owner's own address (which their
 * provider accepts), replying to the visitor. The visitor's name and subject only ever travel as
 * the display name and the subject, each flattened to one line.
 */
export function notificationMail(
  message: Pick<ContactMessage, 'id' | 'name' | 'email' | 'subject' | 'message' | 'created_at'>,
  addresses: { to: string; from: string; siteTitle: string },
): NotificationMail {
  const name = oneLine(message.name, 100);
  const subject = oneLine(message.subject);
  return {
    from: { name: `${oneLine(addresses.siteTitle, 80)} contact form`, address: addresses.from },
    to: addresses.to,
    replyTo: { name, address: message.email },
    subject: `Contact: ${subject}`,
    text: [
      `${name} <${message.email}> wrote through the contact form on ${message.created_at}:`,
      '',
      `Subject: ${subject}`,
      '',
      message.message,
      '',
      '-- ',
      `Reply to this mail to answer ${name}. Message ${message.id} is in the inbox:`,
      `postfolio messages (postfolio messages read ${message.id} marks it read).`,
      '',
    ].join('\n'),
    // Tells mail servers and vacation responders that no person sent it: no auto-replies.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
