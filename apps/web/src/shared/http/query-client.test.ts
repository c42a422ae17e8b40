import { describe, expect, it } from 'vitest';
import { NetworkError } from '@vsp/api-client/api-client';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { retryUnreached } from './query-client';

describe('the website query client', () => {
  it('tries a read again only when no answer came, twice at the most', () => {
    const offline = new NetworkError('offline');
    expect([0, 1, 2].map((failures) => retryUnreached(failures, offline))).toEqual([true, true, false]);
    expect(retryUnreached(0, new NetworkError('timeout'))).toBe(false);
    expect(retryUnreached(0, new AppError(Errors.OrderNotFound))).toBe(false);
    expect(retryUnreached(0, new AppError(Errors.ServerUnavailable))).toBe(false);
    expect(retryUnreached(0, new TypeError('x is undefined'))).toBe(false);
  });
});
