import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, hashPassword, legacyScryptHash, needsRehash, verifyPassword } from './password.ts';

describe('password hashes (argon2id; scrypt of earlier versions still verified)', () => {
  it('hashes with argon2id at OWASP minimum parameters (19 MiB, 2 passes, 1 lane), salted', async () => {
    const first = await hashPassword('a quiet lake at dawn');
    const second = await hashPassword('a quiet lake at dawn');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]+\$[\w+/]+$/);
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(second).not.toBe(first);
    expect(needsRehash(first)).toBe(false);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('a quiet lake at dawn');
    expect(await verifyPassword('a quiet lake at dawn', stored)).toBe(true);
    expect(await verifyPassword('a quiet lake at dusk', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('verifies a scrypt hash of earlier versions and marks it for replacement', async () => {
    // Small scrypt parameters keep the test quick; the stored string carries them.
    const stored = await legacyScryptHash('an old password', { n: 2 ** 10 });
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('an old password', stored)).toBe(true);
    expect(await verifyPassword('another password', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it('marks argon2 hashes with other parameters for replacement, and refuses unknown or broken formats', async () => {
    expect(needsRehash('$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA')).toBe(true);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$$$')).toBe(false);
    expect(await verifyPassword('x', '$argon2id$broken')).toBe(false);
  });
});
