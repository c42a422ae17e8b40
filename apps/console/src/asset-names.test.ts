import { describe, expect, it } from 'vitest';
import { assetName, contentsText } from './asset-names';

describe('asset names in the console', () => {
  it('names assets as spec section 3 does, in the operator’s language', () => {
    expect(assetName('dressup_diamond_voucher', 'en')).toBe('Dress-up Diamond Voucher');
    expect(assetName('dressup_diamond_voucher', 'zh-Hans')).toBe('换装钻石券');
    expect(contentsText([{ asset: 'diamonds', quantity: 60 }, { asset: 'party_hat', quantity: 1 }], 'en')).toBe('Diamond ×60, Party hat ×1');
  });

  it('shows the id of an asset the catalogue does not name', () => {
    expect(assetName('mystery_box', 'en')).toBe('mystery_box');
  });
});
