/**
 * How much the desktop header (wider than 1025 px) gives up so that nothing in it overlaps
 * (decision 0100): `full` shows everything; `compact` drops the logo's wordmark and the download
 * button's text and narrows the tabs; `menu` moves the tabs into the hamburger menu. The first
 * level whose tabs fit wins, tried in this order every time, so the answer never depends on the
 * level shown before.
 */
export const HEADER_FIT_LEVELS = ['full', 'compact', 'menu'] as const;
export type HeaderFit = (typeof HEADER_FIT_LEVELS)[number];

/** The first level at which `fits` holds once it is applied; `menu` when none does. */
export function chooseHeaderFit(apply: (level: HeaderFit) => void, fits: () => boolean): HeaderFit {
  for (const level of HEADER_FIT_LEVELS) {
    apply(level);
    if (level === 'menu' || fits()) return level;
  }
  return 'menu';
}
