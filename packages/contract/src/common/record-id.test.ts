import { describe, expect, it } from 'vitest';
import { recordId } from './record-id.ts';

describe('recordId', () => {
  it.each([
    [5, 5],
    ['5', 5],
    [' 227 ', 227],
    [2_147_483_647, 2_147_483_647],
  ])('reads %j as %j', (input, expected) => {
    expect(recordId().parse(input)).toBe(expected);
  });

  it.each([[true], [false], [[5]], [{}], [null], [''], ['5abc'], ['-5'], [1.5], [0], [-3], [2_147_483_648], ['99999999999'], [Number.NaN]])(
    'refuses %j',
    (input) => {
      expect(recordId().safeParse(input).success).toBe(false);
    },
  );
});
