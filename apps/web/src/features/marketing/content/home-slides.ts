import { sitePaths } from '@vsp/contract/site-paths';
import type { ArtName } from '../components/artwork';

/** One home slide: labels `home.slide.<id>.title` and `.text`, its illustration, and a page that tells more. */
export interface HomeSlide {
  id: string;
  art: ArtName;
  /** A page that tells more, with its link label. */
  more?: { to: string; labelKey: string };
}

/** The home slide show (spec section 2): the product first, then what players do in it. */
export const HOME_SLIDES: readonly HomeSlide[] = [
  { id: 'product', art: 'hero' },
  { id: 'avatar', art: 'avatar', more: { to: sitePaths.quickGuide, labelKey: 'home.more.quick_guide' } },
  { id: 'voice', art: 'voice', more: { to: sitePaths.friendSpace, labelKey: 'home.more.friend_space' } },
  { id: 'karaoke', art: 'karaoke', more: { to: sitePaths.ktvParty, labelKey: 'home.more.ktv_party' } },
  { id: 'maps', art: 'maps', more: { to: sitePaths.updateContent, labelKey: 'home.more.update_content' } },
  { id: 'creators', art: 'creator', more: { to: sitePaths.creator, labelKey: 'home.more.creator' } },
];

