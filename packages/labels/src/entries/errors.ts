import { ERROR_CATALOGUE, ERROR_CODES } from '@vsp/contract/error-catalogue';
import { defineLabels } from '../label-entry';

/** Label key of an error code's text: what a toast shows for a failed call. */
export function errorLabelKey(code: number): string {
  return `error.${code}`;
}

/**
 * The error catalogue's texts as labels, generated so that the label catalogue publishes every
 * visible string (and the operator console can correct an error text like any other label).
 */
export const errorLabels = defineLabels(
  ERROR_CODES.map((code) => ({
    key: errorLabelKey(code),
    describe: `Toast when a call fails with error code ${code} (HTTP ${ERROR_CATALOGUE[code].httpStatus})`,
    text: ERROR_CATALOGUE[code].text,
  })),
);
