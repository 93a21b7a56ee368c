import { csvCell, toCsv } from '../src/contract/csv';

describe('toCsv', () => {
  it('writes RFC 4180 rows, with a final line break by default', () => {
    expect(toCsv(['Time', 'A'], [['10 Jan 2026', 1], ['11 Jan 2026', null]])).toBe('Time,A\r\n10 Jan 2026,1\r\n11 Jan 2026,\r\n');
  });

  it('writes the server series form: semicolons, \\n, no final line break', () => {
    expect(toCsv(['Time', 'Value'], [['2025-06-15 06:05:00', 999]], { separator: ';', newline: '\n', finalNewline: false })).toBe(
      'Time;Value\n2025-06-15 06:05:00;999',
    );
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('never lets text start a spreadsheet formula', () => {
    for (const s of ['=1+1', '+1', '-1+cmd|calc', '@SUM(A1)', '\tx', '\rx', '-2+3'])
      expect(csvCell(s).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('leaves numbers, and text that is a plain number, as they are', () => {
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell('-3.5')).toBe('-3.5');
    expect(csvCell('-1e-3')).toBe('-1e-3');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(undefined)).toBe('');
  });
});
