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
