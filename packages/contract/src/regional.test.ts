import { describe, expect, it } from 'vitest';
import { REGIONAL_COUNTRIES } from './constants';
import { countryNameOf, formatCountryAnswer, isRegionalCountry } from './regional';

describe('regional countries (spec section 1)', () => {
  it('sends exactly the ten countries to the regional site', () => {
    expect(REGIONAL_COUNTRIES).toHaveLength(10);
    for (const name of ['Egypt', 'United Arab Emirates', 'Oman', 'Bahrain', 'Qatar', 'Kuwait', 'Saudi Arabia', 'Syria', 'Iraq', 'Jordan']) {
      expect(isRegionalCountry(name), name).toBe(true);
    }
    expect(isRegionalCountry('Malaysia')).toBe(false);
    expect(isRegionalCountry('')).toBe(false);
  });

  it('reads the country name as the first pipe-separated part of the answer', () => {
    expect(formatCountryAnswer({ name: 'Egypt', iso: 'EG', ip: '41.32.0.1' })).toBe('Egypt|EG|41.32.0.1');
    expect(countryNameOf('Egypt|EG|41.32.0.1')).toBe('Egypt');
    expect(countryNameOf(' Jordan ')).toBe('Jordan');
    expect(countryNameOf('')).toBe('');
    expect(formatCountryAnswer({ name: 'A|B', iso: '', ip: '::1' })).toBe('AB||::1');
  });
});
