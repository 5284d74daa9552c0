import { csvCell, csvLine } from '@/lib/admin/csv';

test('quotes every field and doubles the quotes inside, as RFC 4180 has it', () => {
  expect(csvLine(['Eleanor', 'She said "tour, please"', 'line one\r\nline two'])).toBe(
    '"Eleanor","She said ""tour, please""","line one\r\nline two"\r\n',
  );
});

test.each([
  ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
  ['+1 555 0100', `"'+1 555 0100"`],
  ['-2+3', `"'-2+3"`],
  ['@SUM(A1:A9)', `"'@SUM(A1:A9)"`],
  ['\t=1+1', `"'\t=1+1"`],
  ['\r=1+1', `"'\r=1+1"`],
])('neutralises %p so a spreadsheet shows it as text', (value, expected) => {
  expect(csvCell(value)).toBe(expected);
});

test('leaves ordinary text, unicode, empty cells and dates as they are', () => {
  expect(csvCell('Ελένη Ουίτφιλντ 👩🏽‍💼')).toBe('"Ελένη Ουίτφιλντ 👩🏽‍💼"');
  expect(csvCell('a=b')).toBe('"a=b"');
  expect(csvCell(null)).toBe('""');
  expect(csvCell(new Date('2026-11-21T10:00:00Z'))).toBe('"2026-11-21T10:00:00.000Z"');
});
