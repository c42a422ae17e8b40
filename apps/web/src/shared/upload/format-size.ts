/** Bytes as megabytes with 2 decimals (spec section 9, size helper). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
