import { describe, expect, it, vi } from 'vitest';
import { getHomeSlideIndex, resetHomeSlideForPath, setHomeSlideIndex, subscribeHomeSlide } from './home-slide-store';

describe('home slide index (app state)', () => {
  it('is 0 on entering home, follows the home page, and is empty elsewhere', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeHomeSlide(listener);
    resetHomeSlideForPath('/about');
    expect(getHomeSlideIndex()).toBeNull();
    resetHomeSlideForPath('/');
    expect(getHomeSlideIndex()).toBe(0);
    setHomeSlideIndex(5);
    expect(getHomeSlideIndex()).toBe(5);
    resetHomeSlideForPath('/exchange');
    expect(getHomeSlideIndex()).toBeNull();
    resetHomeSlideForPath('/');
    expect(getHomeSlideIndex()).toBe(0);
    expect(listener).toHaveBeenCalledTimes(4);
    unsubscribe();
  });
});
