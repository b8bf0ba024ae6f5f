import { ConfigError } from '../config-error.js';

/** Where contact messages are mailed: the SMTP server and the addresses, read from the environment. */
export interface SmtpServer {
  host: string;
  port: number;
  /** TLS from the first byte (smtps://, usually port 465); smtp:// upgrades with STARTTLS when offered. */
  secure: boolean;
  user?: string;
  pass?: string;
}

/** Settings that cannot work throw a ConfigError naming the variable, never the password. */
export interface ContactMailConfig {
  /** Null when SMTP_URL is unset: no mail is ever attempted. */
  smtp: SmtpServer | null;
  /** CONTACT_NOTIFY_TO; else the portfolio's contact address from site.yaml. */
  to: string | undefined;
  /** CONTACT_NOTIFY_FROM; else the recipient, which most mail providers accept from their own user. */
  from: string | undefined;
}

/** An address without display name, comma or line break: nothing that could add a recipient. */
const ADDRESS = /^[^\s@,;<>"]+@[^\s@,;<>".]+(?:\.[^\s@,;<>".]+)+$/;

function address(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (!ADDRESS.test(value))
    throw new ConfigError(`${name} must be one e-mail address such as owner@example.com`, name);
  return value;
}

/** SMTP_URL: smtp://user:pass@host:587 or smtps://user:pass@host:465 (user and password optional). */
export function smtpServer(raw: string | undefined): SmtpServer | null {
  const value = raw?.trim();
  if (!value) return null;
  const shape =
    'SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${shape}; it is not a URL`, 'SMTP_URL');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new ConfigError(`${shape}; "${url.protocol}" is neither smtp: nor smtps:`, 'SMTP_URL');
  if (!url.hostname) throw new ConfigError(`${shape}; it names no host`, 'SMTP_URL');
  const secure = url.protocol === 'smtps:';
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw new ConfigError(
        `${shape}; its user or password is not valid percent-encoding`,
        'SMTP_URL',
      );
    }
  };
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { user: decode(url.username) } : {}),
    ...(url.password ? { pass: decode(url.password) } : {}),
  };
}

/** The contact form's mail settings; all unset means no mail. */
export function contactMailConfig(env: NodeJS.ProcessEnv): ContactMailConfig {
  return {
    smtp: smtpServer(env.SMTP_URL),
    to: address(env, 'CONTACT_NOTIFY_TO'),
    from: address(env, 'CONTACT_NOTIFY_FROM'),
  };
}
