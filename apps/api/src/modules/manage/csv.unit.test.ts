import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads fields, quotes, doubled quotes, commas and line breaks inside quotes, CRLF, a BOM, and skips blank lines', () => {
    const text = '\uFEFFvenue,name\r\nbury,"Yoga, gentle"\n\nbury,"Say ""hi"""\nbury,"two\nlines"\nlast,row';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['venue', 'name'] },
      { line: 2, fields: ['bury', 'Yoga, gentle'] },
      { line: 4, fields: ['bury', 'Say "hi"'] },
      { line: 5, fields: ['bury', 'two\nlines'] },
      { line: 7, fields: ['last', 'row'] },
    ]);
  });

  it('keeps empty fields', () => {
    expect(parseCsv('a,,c\n,,\n')).toEqual([
      { line: 1, fields: ['a', '', 'c'] },
      { line: 2, fields: ['', '', ''] },
    ]);
  });

  it('names the line of a quote left open or a stray quote', () => {
    expect(() => parseCsv('a,b\nc,"open\n')).toThrow(CsvError);
    expect(() => parseCsv('a,b\nc,"open\n')).toThrow(expect.objectContaining({ line: 2 }));
    expect(() => parseCsv('a,b\nc,d"e\n')).toThrow(expect.objectContaining({ line: 2 }));
  });
});
