import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZCheckoutAuthoriseRequest } from '../checkout/authorise.ts';
import { lengthMessage, applySpecLengthMessages } from './length-messages.ts';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

/** A text rule that zod itself has no method for: longer than `n` (an exclusive minimum). */
const over = (n: number) =>
  z.string().check((ctx) => {
    if (ctx.value.length <= n) ctx.issues.push({ code: 'too_small', origin: 'string', minimum: n, inclusive: false, input: ctx.value });
  });
const under = (n: number) =>
  z.string().check((ctx) => {
    if (ctx.value.length >= n) ctx.issues.push({ code: 'too_big', origin: 'string', maximum: n, inclusive: false, input: ctx.value });
  });

describe("spec §5 length messages for rules without a message of their own", () => {
  beforeAll(() => applySpecLengthMessages());

  it.each([
    ['exactly, too short', z.string().length(2), 'G', 'Must contain exactly 2 character(s)'],
    ['exactly, too long', z.string().length(2), 'GBR', 'Must contain exactly 2 character(s)'],
    ['at least', z.string().min(8), 'short', 'Must contain at least 8 character(s)'],
    ['at most', z.string().max(3), 'four', 'Must contain at most 3 character(s)'],
    ['over', over(4), 'four', 'Must contain over 4 character(s)'],
    ['under', under(4), 'four', 'Must contain under 4 character(s)'],
  ])('%s', (_rule, schema, value, message) => {
    expect(messagesOf(schema, value)).toEqual([message]);
  });

  it("keeps a schema's own message and leaves other issues and lists alone", () => {
    expect(messagesOf(z.string().max(3, 'Too long for a code'), 'four')).toEqual(['Too long for a code']);
    expect(lengthMessage({ code: 'too_small', origin: 'array', minimum: 1, inclusive: true })).toBeUndefined();
    expect(lengthMessage({ code: 'invalid_type' })).toBeUndefined();
    expect(messagesOf(z.array(z.string()).min(1), [])).not.toEqual(['Must contain at least 1 character(s)']);
  });

  it('a country on the card step is exactly two letters (ISO 3166-1 alpha-2)', () => {
    const base = { session_key: 'k', payments: [], terms: [] };
    const issue = (country: string) =>
      ZCheckoutAuthoriseRequest.safeParse({ ...base, billing_address: { country } }).error?.issues.find((i) => i.path.join('.') === 'billing_address.country')?.message;
    expect(issue('GBR')).toBe('Must contain exactly 2 character(s)');
    expect(issue('G')).toBe('Must contain exactly 2 character(s)');
    expect(issue('GB')).toBeUndefined();
  });
});
