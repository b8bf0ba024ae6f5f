import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as the SMTP server received it. */
export interface ReceivedMail {
  /** MAIL FROM and RCPT TO: who the mail really goes to, whatever its headers say. */
  from: string;
  to: string[];
  /** The user the client logged in as. */
  user: string | undefined;
  raw: string;
  /** Header names in lower case, each value unfolded and with encoded words decoded. */
  headers: Map<string, string[]>;
  /** The text body, its transfer encoding undone. */
  text: string;
}

export interface SmtpInbox {
  url: string;
  mails: ReceivedMail[];
  /** Connections made to the server, whether or not a mail followed. */
  connections: number;
  /** With `hold`: resolves once a mail has been received and its answer is being held. */
  held: Promise<void>;
  /** With `hold`: answers the mails held and those to come. */
  release(): void;
  close(): Promise<void>;
}

export const SMTP_USER = 'mailer';
export const SMTP_PASS = 'p@ss:word';

/** RFC 2047 encoded words (=?utf-8?Q?…?= and =?utf-8?B?…?=) back to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_all, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

/** Splits a raw single-part mail into its headers and its decoded text. */
export function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string[]>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), decodeWords(line.slice(colon + 1).trim())]);
  }
  const text = decodeBody(
    raw.slice(split + 4),
    headers.get('content-transfer-encoding')?.[0],
  ).replace(/\r\n/g, '\n');
  return { headers, text };
}

/**
 * A real SMTP server on a free local port that keeps what it receives; it asks for a login
 * (SMTP_USER, SMTP_PASS, whose @ and : travel percent-encoded in the URL). `reject` refuses every
 * mail with a 550; `hold` keeps each mail's answer until `release()`, as a slow server would.
 */
export async function startSmtpInbox(
  options: { reject?: boolean; hold?: boolean } = {},
): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  let gotOne!: () => void;
  let open!: () => void;
  const gate = options.hold ? new Promise<void>((resolve) => (open = resolve)) : undefined;
  const inbox = {
    mails,
    connections: 0,
    held: new Promise<void>((resolve) => (gotOne = resolve)),
    release: () => open?.(),
  } as SmtpInbox;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      inbox.connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const finish = () => {
          if (options.reject) {
            const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
            error.responseCode = 550;
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            user: session.user as string | undefined,
            raw,
            ...parseMail(raw),
          });
          callback();
        };
        if (gate) {
          gotOne();
          void gate.then(finish);
        } else finish();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  inbox.url = `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASS)}@127.0.0.1:${port}`;
  inbox.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return inbox;
}
