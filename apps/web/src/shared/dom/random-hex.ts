/** `bytes` random bytes from the browser's cryptographic source, as lowercase hex (two characters a byte). */
export function randomHex(bytes: number): string {
  const values = new Uint8Array(bytes);
  crypto.getRandomValues(values);
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}
