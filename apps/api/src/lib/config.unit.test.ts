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
  ])('rejects %o naming the variable and what it expects', (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });

  it('reports every bad variable at once', () => {
    expect(problemsOf({ PORT: '0', EMBEDDED_PG_PORT: 'x' })).toHaveLength(2);
  });

  it('accepts a postgres server URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u:p@db.internal:5432/bookings' }).DATABASE_URL).toBe(
      'postgresql://u:p@db.internal:5432/bookings',
    );
  });
});
