import { describe, expect, it } from 'vitest';
import { fingerprintFile } from './file-fingerprint';

const file = (bytes: Uint8Array<ArrayBuffer>, name = 'a.mp3', lastModified = 1) => new File([bytes], name, { lastModified });

describe('file fingerprint', () => {
  const bytes = new Uint8Array(5000).map((_, i) => i % 251);

  it('is the same for the same file picked again and differs when name, date or content differ', async () => {
    const print = await fingerprintFile(file(bytes), 1000);
    expect(print).toMatch(/^[0-9a-f]{64}$/);
    expect(await fingerprintFile(file(bytes.slice()), 1000)).toBe(print);
    expect(await fingerprintFile(file(bytes, 'b.mp3'), 1000)).not.toBe(print);
    expect(await fingerprintFile(file(bytes, 'a.mp3', 2), 1000)).not.toBe(print);
    const lastChanged = bytes.slice();
    lastChanged[4999] = 7;
    expect(await fingerprintFile(file(lastChanged), 1000)).not.toBe(print);
  });

  it('reads only the first and last part', async () => {
    const middleChanged = bytes.slice();
    middleChanged[2500] = 9;
    expect(await fingerprintFile(file(middleChanged), 1000)).toBe(await fingerprintFile(file(bytes), 1000));
  });
});
