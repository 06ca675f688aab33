import { describe, expect, it } from 'vitest';
import { shapeMismatches } from './shape.ts';

describe('shapeMismatches', () => {
  it('accepts a value with every field of the shape, and extra fields', () => {
    const value = { token: 'abc', status: 'success', data: { token: 'abc' }, extra: 1 };
    expect(shapeMismatches(value, { token: 'string', status: 'string', data: { token: 'string' } })).toEqual([]);
  });

  it('names a missing field and a field of the wrong type by path', () => {
    expect(shapeMismatches({ data: [{ slug: 'a', town: 3 }] }, { data: [{ slug: 'string', name: 'string', town: 'string' }] })).toEqual([
      '$.data[0].name: missing',
      '$.data[0].town: expected string, got number',
    ]);
  });

  it('takes alternatives joined by |, and tells integers from other numbers', () => {
    expect(shapeMismatches({ v: null }, { v: 'string|null' })).toEqual([]);
    expect(shapeMismatches({ v: 'x' }, { v: 'string|null' })).toEqual([]);
    expect(shapeMismatches({ v: false }, { v: 'string|null' })).toEqual(['$.v: expected string|null, got boolean']);
    expect(shapeMismatches({ id: 7 }, { id: 'integer' })).toEqual([]);
    expect(shapeMismatches({ id: 7.5 }, { id: 'integer' })).toEqual(['$.id: expected integer, got number']);
  });

  it('refuses an empty array where element shapes are expected, and an array where an object is', () => {
    expect(shapeMismatches({ data: [] }, { data: [{ id: 'integer' }] })).toEqual(['$.data: expected at least one element, got an empty array']);
    expect(shapeMismatches({ data: [] }, { data: 'array' })).toEqual([]);
    expect(shapeMismatches({ data: [] }, { data: { id: 'integer' } })).toEqual(['$.data: expected an object, got array']);
  });
});
