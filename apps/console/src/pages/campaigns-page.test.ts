import { describe, expect, it } from 'vitest';
import { codesCsv, csvField } from './campaigns-page';

describe('codesCsv', () => {
  it('writes a header and one line per code, with who used it', () => {
    expect(codesCsv([{ code: 'A1', usedBy: null }, { code: 'B2', usedBy: 10000001 }])).toBe('code,used_by\r\nA1,\r\nB2,10000001\r\n');
  });

  it('quotes codes holding commas or quotes (codes are printable ASCII)', () => {
    expect(codesCsv([{ code: 'a,"b"', usedBy: null }])).toBe('code,used_by\r\n"a,""b""",\r\n');
  });

  it('keeps a code a spreadsheet would run as a formula as text, with a leading apostrophe', () => {
    expect(codesCsv([{ code: '=HYPERLINK("http://x")', usedBy: null }])).toBe('code,used_by\r\n"\'=HYPERLINK(""http://x"")",\r\n');
    expect(['+1', '-2', '@SUM(A1)', '\tTAB', '\rCR'].map(csvField)).toEqual(["'+1", "'-2", "'@SUM(A1)", "'\tTAB", '"\'\rCR"']);
    expect(['A-1', 'x=y', 'CODE@1', '1+1'].map(csvField)).toEqual(['A-1', 'x=y', 'CODE@1', '1+1']);
  });
});
