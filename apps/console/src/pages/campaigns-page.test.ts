import { describe, expect, it } from 'vitest';
import { codesCsv } from './campaigns-page';

describe('codesCsv', () => {
  it('writes a header and one line per code, with who used it', () => {
    expect(codesCsv([{ code: 'A1', usedBy: null }, { code: 'B2', usedBy: 10000001 }])).toBe('code,used_by\r\nA1,\r\nB2,10000001\r\n');
  });

  it('quotes codes holding commas or quotes (codes are printable ASCII)', () => {
    expect(codesCsv([{ code: 'a,"b"', usedBy: null }])).toBe('code,used_by\r\n"a,""b""",\r\n');
  });
});
