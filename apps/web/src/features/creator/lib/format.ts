import { platformOf } from '../../../shared/device/device';
import { PROGRESS_DECIMALS } from '../../../shared/upload/upload-engine';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** B to TB with base 1024, or 1000 on a Mac as Finder counts (spec section 9, size helper). */
export function formatBytes(bytes: number, base: 1000 | 1024 = platformOf() === 'mac' ? 1000 : 1024): string {
  let value = bytes;
  let unit = 0;
  while (value >= base && unit < UNITS.length - 1) {
    value /= base;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(2)} ${UNITS[unit]}`;
}

/** Progress as a percentage with 2 decimals (spec section 9). */
export function formatPercent(pct: number): string {
  return `${Math.min(100, Math.max(0, pct)).toFixed(PROGRESS_DECIMALS)}%`;
}
