import { describe, expect, it } from 'vitest';
import { ZCreateFamilyMemberRequest } from '../account/family-member.ts';
import { optionalText, requiredText, withoutControlCharacters } from './fields.ts';

// Issue 22: names were stored with CR/LF and control characters and showed as extra lines in
// plain-text emails. One-line fields lose them at the edge; nothing but them is blank.
describe('one-line text fields', () => {
  it.each([
    ['Al\r\nex', 'Alex'],
    ['Alex\nBcc: victim@example.com', 'AlexBcc: victim@example.com'],
    ['\tRobin\u0007 ', 'Robin'],
    ['Zoë\u2028Hale', 'ZoëHale'],
    ['Ö\u0085z', 'Öz'],
  ])('%j is read as %j', (input, expected) => {
    expect(requiredText(100).parse(input)).toBe(expected);
    expect(optionalText(100).parse(input)).toBe(expected);
  });

  it('refuses a value of nothing but control characters as Required, and optional text reads it as none', () => {
    const refused = requiredText(100).safeParse('\r\n\u0000\t');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Required');
    expect(optionalText(100).parse('\r\n')).toBeNull();
  });

  it('keeps letters, accents, apostrophes and spaces inside a name', () => {
    expect(withoutControlCharacters("Siân O'Neill-Øster")).toBe("Siân O'Neill-Øster");
  });

  it('applies to family members too', () => {
    const parsed = ZCreateFamilyMemberRequest.safeParse({ first_name: '\r\n', last_name: 'Hale', date_of_birth: '2015-01-01', relationship: 'child' }); // fixed-date: a date of birth, only parsed
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['first_name']);
  });
});
