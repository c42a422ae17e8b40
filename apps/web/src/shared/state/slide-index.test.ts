import { describe, expect, it } from 'vitest';
import { getSlideIndex, setSlideIndex } from './slide-index';

describe('slide index store', () => {
  it('starts empty, holds the index the home page sets and clears on leaving', () => {
    expect(getSlideIndex()).toBeNull();
    setSlideIndex(0);
    expect(getSlideIndex()).toBe(0);
    setSlideIndex(5);
    expect(getSlideIndex()).toBe(5);
    setSlideIndex(null);
    expect(getSlideIndex()).toBeNull();
  });
});
