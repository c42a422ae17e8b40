import { describe, expect, it } from 'vitest';
import { UID_MAX } from './integers';
import { PAGE_FORMS, accountIdInRange, accountIdProblem, giftCodeOf, giftCodeProblem, orderNoOf, orderNoProblem, pageFormAction } from './page-forms';
import { PRERENDERED_PATHS } from './prerender';

describe('the rules of the forms that work without scripts', () => {
  it('takes an account ID of digits only, as the app does, within the API’s range', () => {
    expect(accountIdProblem('')).toBe('recharge.userInput.tips');
    expect(accountIdProblem('  ')).toBe('recharge.userInput.tips');
    expect(accountIdProblem('12a')).toBe('recharge.userInput.digits');
    expect(accountIdProblem('1234567890123456')).toBe('recharge.userInput.digits');
    expect(accountIdProblem(' 10000001 ')).toBeNull();
    expect(accountIdInRange(0)).toBe(false);
    expect(accountIdInRange(UID_MAX)).toBe(true);
  });

  it('compares gift codes as typed but for the spaces around them', () => {
    expect(giftCodeOf('  AvatarParty2025 ')).toBe('AvatarParty2025');
    expect(giftCodeProblem(' ')).toBe('exchange.input.code');
    expect(giftCodeProblem('a')).toBeNull();
  });

  it('reads an order number in any case, and refuses what is not one', () => {
    expect(orderNoOf(' tu-20250601-7k3m9qx2hd ')).toBe('TU-20250601-7K3M9QX2HD');
    expect(orderNoProblem(' tu-20250601-7k3m9qx2hd ')).toBeNull();
    expect(orderNoProblem('short')).toBe('recharge.lookup.format');
    expect(orderNoProblem('TU 2025')).toBe('recharge.lookup.format');
  });

  it('posts each form to its own prerendered page, in the page’s language', () => {
    for (const page of Object.keys(PAGE_FORMS)) expect(PRERENDERED_PATHS).toContain(page);
    expect(pageFormAction('/exchange', 'zh-Hant')).toBe('/exchange?lang=zh-Hant');
  });
});
