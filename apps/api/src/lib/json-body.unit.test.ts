import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-body.ts';
import { nullBytePaths } from './null-bytes.ts';

const nested = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);

describe('nestsDeeperThan', () => {
  it.each([
    ['{}', 1, false],
    ['{"a":{"b":[1]}}', 3, false],
    ['{"a":{"b":[1]}}', 2, true],
    [nested(32), 32, false],
    [nested(33), 32, true],
    // Brackets inside strings, escaped quotes included, are text.
    [`{"a":"${'['.repeat(100)}"}`, 1, false],
    [`{"a":"say \\"[[[[\\" ok","b":[[1]]}`, 3, false],
    [`{"a":"\\\\","b":[[[1]]]}`, 3, true],
  ])('%s deeper than %d: %s', (text, max, expected) => {
    expect(nestsDeeperThan(text, max)).toBe(expected);
  });

  it('reads 8,000 levels in a loop', () => {
    expect(nestsDeeperThan(nested(8_000), 32)).toBe(true);
  });
});

describe('nullBytePaths', () => {
  it('walks any depth without recursion, finding a NUL at the bottom, in keys and in values', () => {
    let value: unknown = 'a\u0000b';
    for (let i = 0; i < 20_000; i += 1) value = [value];
    expect(nullBytePaths(value, '')).toEqual([`${'.0'.repeat(20_000)}`]);
    expect(nullBytePaths({ b: 'x\u0000', a: ['y', 'z\u0000'], ['k\u0000']: 1 }, '').sort()).toEqual(['a.1', 'b', 'k\u0000']);
  });
});
