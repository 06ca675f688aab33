import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../lib/config.ts';
import { useTestApp } from '../../../test/app.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT, addressKeyFor } from './login-throttle.ts';

// Every failed attempt costs a real password hash (argon2id; slow on a busy 2-core machine).
const SLOW = { timeout: 120_000 };

// No TRUST_PROXY: the default, which trusts nobody's forwarded headers.
const ctx = useTestApp();

type Attempt = { username: string; password: string; from: string; forwardedFor?: string; app?: typeof ctx.app };
const attempt = ({ username, password, from, forwardedFor, app = ctx.app }: Attempt) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/customer/login',
    payload: { username, password },
    remoteAddress: from,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

const { customer, staff } = DEMO_ACCOUNTS;

describe('failed-login limits (no trusted proxy)', () => {
  it('counts an account whatever address it is tried from, and still lets its owner in from a familiar address', SLOW, async () => {
    // The owner logged in before from home.
    expect((await attempt({ username: customer.email, password: customer.password, from: '10.1.0.50' })).statusCode).toBe(200);
    // An attacker tries wrong passwords, each with a different forged X-Forwarded-For.
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i += 1) {
      const response = await attempt({ username: customer.email, password: `wrong-${i}`, from: '10.1.0.1', forwardedFor: `198.51.100.${i}` });
      expect(response.statusCode).toBe(422);
    }
    // The account is now limited for unfamiliar addresses, right password or not, by email or reference.
    const fromNew = await attempt({ username: 'ANW100001', password: customer.password, from: '10.1.0.2', forwardedFor: '198.51.100.200' });
    expect(fromNew.statusCode).toBe(429);
    expect(Number(fromNew.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from the address they used before, still gets in; that clears the account's count.
    expect((await attempt({ username: customer.email, password: customer.password, from: '10.1.0.50' })).statusCode).toBe(200);
    expect((await attempt({ username: customer.email, password: 'wrong-again', from: '10.1.0.3' })).statusCode).toBe(422);
  });

  it('counts an address by its socket: a forged header claiming another address neither escapes the count nor locks that address out', SLOW, async () => {
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i += 1) {
      const response = await attempt({ username: `nobody${i}@example.com`, password: 'wrong', from: '10.2.0.1', forwardedFor: '127.0.0.1' });
      expect(response.statusCode).toBe(422);
    }
    // The attacker's own address is limited, whatever it claims next.
    const next = await attempt({ username: 'nobody-more@example.com', password: 'wrong', from: '10.2.0.1', forwardedFor: '203.0.113.9' });
    expect(next.statusCode).toBe(429);
    // The real 127.0.0.1 (and anyone else) was not charged for those failures.
    expect((await attempt({ username: staff.email, password: staff.password, from: '127.0.0.1' })).statusCode).toBe(200);
    expect((await attempt({ username: 'someone@example.com', password: 'wrong', from: '10.2.0.2' })).statusCode).toBe(422);
  });
});

describe('failed-login limits behind a trusted proxy (TRUST_PROXY)', () => {
  it('counts each forwarded client on its own, and ignores forwarded headers from anyone else', SLOW, async () => {
    const behindProxy = await buildApp({
      config: loadConfig({ DATABASE_URL: ctx.url, LOG_LEVEL: 'silent', TRUST_PROXY: '10.3.0.1' }),
      db: ctx.db,
      serveWeb: false,
    });
    await behindProxy.ready();
    try {
      for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i += 1) {
        const response = await attempt({ app: behindProxy, username: `proxied${i}@example.com`, password: 'wrong', from: '10.3.0.1', forwardedFor: '203.0.113.5' });
        expect(response.statusCode).toBe(422);
      }
      const same = await attempt({ app: behindProxy, username: 'proxied-more@example.com', password: 'wrong', from: '10.3.0.1', forwardedFor: '203.0.113.5' });
      expect(same.statusCode).toBe(429);
      // Another client through the same proxy is not limited by the first one's failures.
      const other = await attempt({ app: behindProxy, username: 'proxied-other@example.com', password: 'wrong', from: '10.3.0.1', forwardedFor: '203.0.113.6' });
      expect(other.statusCode).toBe(422);
      // A peer that is not the proxy cannot borrow a limited client's address, nor escape as another.
      const direct = await attempt({ app: behindProxy, username: staff.email, password: staff.password, from: '10.3.0.99', forwardedFor: '203.0.113.5' });
      expect(direct.statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('addressKeyFor', () => {
  it('counts IPv4 as is and IPv6 by its /64', () => {
    expect(addressKeyFor('192.0.2.1')).toBe('address:192.0.2.1');
    expect(addressKeyFor('::ffff:192.0.2.1')).toBe('address:192.0.2.1');
    expect(addressKeyFor('2001:db8:1:2:aaaa::1')).toBe(addressKeyFor('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee'));
    expect(addressKeyFor('2001:db8:1:2::1')).not.toBe(addressKeyFor('2001:db8:1:3::1'));
    expect(addressKeyFor('::1')).toBe('address:0:0:0:0::/64');
  });
});
