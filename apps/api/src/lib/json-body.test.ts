import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { JSON_TOO_DEEP_MESSAGE } from './json-body.ts';

/* Issue 22: a JSON body nested 8,000 deep (16 KB) answered 500 ('Maximum call stack size exceeded'). */
const ctx = useTestApp();

const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('a JSON body nested too deeply', () => {
  it.each([
    ['a visitor, a public route', 'POST', '/api/auth/customer/login'],
    ['a visitor, a route behind login', 'POST', '/api/activities/cart/add'],
    ['a visitor, another method', 'PUT', '/api/activities/cart/1'],
  ])('is refused with 400 before anything reads it (%s)', async (_who, method, url) => {
    for (const body of [deep(8_000), `{"items":${deep(40)}}`, `{"a":{"b":${'{"c":'.repeat(5_000)}1${'}'.repeat(5_000)}}}`]) {
      const response = await ctx.app.inject({ method: method as 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'body_too_deep', message: JSON_TOO_DEEP_MESSAGE });
    }
  });

  it('leaves ordinary bodies to the usual parser: malformed JSON is still 400, prototype poisoning still refused', async () => {
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/auth/customer/login', headers: { 'content-type': 'application/json' }, payload: '{"username": ' });
    expect(bad.statusCode).toBe(400);
    const poisoned = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a@example.com","password":"x","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    const fine = await ctx.app.inject({ method: 'POST', url: '/api/auth/customer/login', payload: { username: 'nobody@example.com', password: 'not-the-password' } });
    expect(fine.statusCode).toBe(422);
  });
});
