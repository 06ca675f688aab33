/**
 * A small RFC 4180 CSV reader for the timetable import (docs/operator-tools.md "Timetable
 * import"): commas, double-quoted fields with "" for a quote and line breaks inside, CRLF or LF.
 * Each record keeps the line it starts on, so errors can name it.
 */
export type CsvRecord = { line: number; fields: string[] };

export class CsvError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

export const parseCsv = (text: string): CsvRecord[] => {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
    fields = [];
    field = '';
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === '"') throw new CsvError(line, 'A quote inside an unquoted field: quote the whole field and double the quote.');
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
  }
  if (quoted) throw new CsvError(start, 'A quoted field is not closed.');
  if (field !== '' || fields.length > 0) endRecord();
  return records;
};
