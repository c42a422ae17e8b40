import { describe, expect, it } from 'vitest';
import { chooseHeaderFit, type HeaderFit } from './header-fit';

/** A header whose tabs fit from a given level on; records the levels it was shown at. */
function header(fitsFrom: HeaderFit | 'never') {
  const order: HeaderFit[] = ['full', 'compact', 'menu'];
  const shown: HeaderFit[] = [];
  let current: HeaderFit = 'full';
  const apply = (level: HeaderFit) => {
    current = level;
    shown.push(level);
  };
  const fits = () => fitsFrom !== 'never' && order.indexOf(current) >= order.indexOf(fitsFrom);
  return { apply, fits, shown };
}

describe('chooseHeaderFit', () => {
  it('keeps the full header when its tabs fit', () => {
    const h = header('full');
    expect(chooseHeaderFit(h.apply, h.fits)).toBe('full');
    expect(h.shown).toEqual(['full']);
  });

  it('makes the header compact before it gives the tabs to the menu', () => {
    const h = header('compact');
    expect(chooseHeaderFit(h.apply, h.fits)).toBe('compact');
    expect(h.shown).toEqual(['full', 'compact']);
  });

  it('moves the tabs into the menu when even the compact header has no room', () => {
    const h = header('never');
    expect(chooseHeaderFit(h.apply, h.fits)).toBe('menu');
    expect(h.shown).toEqual(['full', 'compact', 'menu']);
  });

  it('always starts from the full header, so the answer does not depend on the level shown before', () => {
    const h = header('full');
    h.apply('menu');
    expect(chooseHeaderFit(h.apply, h.fits)).toBe('full');
  });
});
