import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxy } from './config.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset or off', () => {
    for (const value of [undefined, '', ' ', '0', 'false', 'off', 'no'])
      expect(trustProxy(value), String(value)).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('reads a hop count, with 1 and true meaning the one proxy in front', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('true')).toBe(1);
    expect(trustProxy('YES')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '3' }).trustProxy).toBe(3);
  });

  it('reads a list of addresses, CIDR ranges and range names', () => {
    expect(trustProxy('127.0.0.1,10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(trustProxy(' ::1 , fd00::/8, loopback ')).toEqual(['::1', 'fd00::/8', 'loopback']);
  });

  it.each(['-1', '1.5', '99', 'proxy.local', '10.0.0.0/33', '::1/129', '10.0.0.1,', '1.2.3.4/8/1'])(
    'refuses %j with a ConfigError naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );
});

describe('loadConfig', () => {
  it('applies the defaults of the vocabulary when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: 'data/postfolio.db',
      logLevel: 'info',
      pageSize: 12,
      contactEnabled: false,
      publicUrl: undefined,
      employerEmail: '',
    });
    expect(config.http.headersTimeoutMs).toBe(10_000);
    expect(config.cacheBytes.api).toBe(8 * 2 ** 20);
    // The package's own web build, wherever the command runs.
    expect(config.webDir).toBe(resolve('dist/web'));
  });

  it.each([
    [{ PORT: '80a' }, 'PORT', 'PORT must be an integer from 0 to 65535, got "80a"'],
    [{ PORT: '1e3' }, 'PORT', 'PORT must be an integer from 0 to 65535, got "1e3"'],
    [
      { LOG_LEVEL: 'verbose' },
      'LOG_LEVEL',
      'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "verbose"',
    ],
    [
      { CONTACT_ENABLED: 'enabled' },
      'CONTACT_ENABLED',
      'CONTACT_ENABLED must be 1, true, yes or on (or 0, false, no, off), got "enabled"',
    ],
    [
      { DATABASE_URL: 'mysql://u@h/db' },
      'DATABASE_URL',
      'DATABASE_URL must be a SQLite file path (data/postfolio.db) or postgres://user@host:5432/database; "mysql:" is neither',
    ],
    [
      { PUBLIC_URL: 'example.com' },
      'PUBLIC_URL',
      'PUBLIC_URL must be an absolute http:// or https:// address such as https://example.com, got "example.com"',
    ],
    [
      { EMPLOYER_EMAIL: 'hiring' },
      'EMPLOYER_EMAIL',
      'EMPLOYER_EMAIL must be one e-mail address such as hiring@example.com, got "hiring"',
    ],
    [
      { POSTFOLIO_IMPORT_THREADS: 'many' },
      'POSTFOLIO_IMPORT_THREADS',
      'POSTFOLIO_IMPORT_THREADS must be an integer from 0 to 64, got "many"',
    ],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL', 'SMTP_URL must look like smtp://'],
    [
      { HEADERS_TIMEOUT_MS: '40000' },
      'HEADERS_TIMEOUT_MS',
      'HEADERS_TIMEOUT_MS (40000) must not exceed REQUEST_TIMEOUT_MS (30000)',
    ],
  ])('refuses %j naming the setting and what it allows', (env, setting, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).setting).toBe(setting);
    expect((error as Error).message).toContain(message);
  });

  it('takes the values each setting allows', () => {
    const config = loadConfig({
      CONTACT_ENABLED: 'off',
      LOG_LEVEL: 'silent',
      DATABASE_URL: 'sqlite:site.db',
      PUBLIC_URL: 'https://example.com/',
      EMPLOYER_EMAIL: ' Hiring@Example.com ',
      POSTFOLIO_IMPORT_THREADS: '0',
    });
    expect(config).toMatchObject({
      contactEnabled: false,
      logLevel: 'silent',
      databaseUrl: 'sqlite:site.db',
      publicUrl: 'https://example.com',
      employerEmail: 'hiring@example.com',
    });
    expect(loadConfig({ CONTACT_ENABLED: 'Yes' }).contactEnabled).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h:5432/db' }).databaseUrl).toBe(
      'postgresql://u@h:5432/db',
    );
  });
});
