import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('configuration', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.API_BASE).toBe('/api');
    expect(config.AUTH_BASE).toBe('/api/auth');
    expect(config.CHECKOUT_BASE).toBe('/api/activities/cart');
    expect(config.PAYMENT_PROVIDER).toBe('simulator');
    expect(config.HOLD_MINUTES).toBe(15);
    expect(config.WAITLIST_OFFER_MINUTES).toBe(120);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT="eighty" is invalid: expected a whole number from 1 to 65535'],
    [{ PORT: '70000' }, 'PORT="70000" is invalid: expected a whole number from 1 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL="mysql://x" is invalid: expected a postgres:// or postgresql:// connection URL'],
    [{ PAYMENT_PROVIDER: 'stripe' }, 'PAYMENT_PROVIDER="stripe" is invalid: expected one of: simulator'],
    [{ API_BASE: 'api' }, 'API_BASE="api" is invalid: expected a path starting with / or an http(s):// address'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL="mail.example.com" is invalid: expected an smtp:// or smtps:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL="loud" is invalid: expected one of: fatal, error, warn, info, debug, trace, silent'],
    [{ SEED_DEMO_DATA: 'yes' }, 'SEED_DEMO_DATA="yes" is invalid: expected true or false'],
    [{ HOLD_MINUTES: '0' }, 'HOLD_MINUTES="0" is invalid: expected a whole number of minutes from 1 to 1440'],
    [{ WAITLIST_OFFER_MINUTES: 'two hours' }, 'WAITLIST_OFFER_MINUTES="two hours" is invalid: expected a whole number of minutes from 1 to 10080'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY="true" is invalid: expected a hop count (1-99) or a comma list of proxy IP addresses / CIDR ranges, e.g. 10.0.0.0/8,127.0.0.1'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY="10.0.0.0/33" is invalid: expected a hop count (1-99) or a comma list of proxy IP addresses / CIDR ranges, e.g. 10.0.0.0/8,127.0.0.1'],
    [{ TRUST_PROXY: '0' }, 'TRUST_PROXY="0" is invalid: expected a hop count (1-99) or a comma list of proxy IP addresses / CIDR ranges, e.g. 10.0.0.0/8,127.0.0.1'],
    [{ REQUEST_TIMEOUT_MS: '10' }, 'REQUEST_TIMEOUT_MS="10" is invalid: expected a whole number of milliseconds from 1000 to 600000'],
    [{ KEEP_ALIVE_TIMEOUT_MS: '5s' }, 'KEEP_ALIVE_TIMEOUT_MS="5s" is invalid: expected a whole number of milliseconds from 1000 to 600000'],
  ])('rejects %o naming the variable and what it expects', (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });

  it('reports every bad variable at once', () => {
    expect(problemsOf({ PORT: '0', EMBEDDED_PG_PORT: 'x' })).toHaveLength(2);
  });

  it('trusts no proxy by default, and reads a hop count or a list of addresses and ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
    expect(loadConfig({}).REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(loadConfig({}).KEEP_ALIVE_TIMEOUT_MS).toBe(5_000);
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '65000' }).KEEP_ALIVE_TIMEOUT_MS).toBe(65_000);
  });

  it('accepts a postgres server URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u:p@db.internal:5432/bookings' }).DATABASE_URL).toBe(
      'postgresql://u:p@db.internal:5432/bookings',
    );
  });
});
