import { sitePaths } from '@vsp/contract/site-paths';
import type { ArtName } from '../components/artwork';

/**
 * What each guide page shows, as label keys under `guide.<id>.`: a lead, numbered steps, reward
 * cards and notes, each an item with `.title` and `.body`. The words live in the label catalogue
 * (packages/labels/src/entries/guides.ts); this file only orders them.
 */
export interface GuidePageContent {
  id: string;
  /** The route title label, used as the page heading. */
  titleKey: string;
  art: ArtName;
  steps?: readonly string[];
  cards?: readonly string[];
  notes?: readonly string[];
  /** Cards (why) before steps (how). */
  cardsFirst?: boolean;
  /** A call to action at the end of the page. */
  action?: { to: string; labelKey: string };
}

export const GUIDE_PAGES = {
  quickGuide: {
    id: 'quick_guide',
    titleKey: 'route.quick_guide',
    art: 'hero',
    steps: ['account', 'avatar', 'room', 'friends', 'sing'],
    notes: ['safety'],
  },
  quickStartGuide: {
    id: 'quick_start_guide',
    titleKey: 'route.quick_start_guide',
    art: 'gift',
    steps: ['profile', 'outfit', 'room', 'friend'],
    cards: ['buddy', 'coins', 'coupon'],
    notes: ['claim'],
  },
  roomRewards: {
    id: 'room_rewards',
    titleKey: 'route.room_rewards',
    art: 'voice',
    cards: ['m10', 'm30', 'm60'],
    notes: ['count', 'fair'],
  },
  updateContent: {
    id: 'update_content',
    titleKey: 'route.update_content',
    art: 'maps',
    cards: ['karaoke', 'friend_space', 'maps', 'creator', 'safety'],
  },
  friendSpace: {
    id: 'friend_space',
    titleKey: 'route.friend_space',
    art: 'friends',
    steps: ['decorate', 'invite', 'like'],
    cards: ['visits', 'likes', 'top'],
    notes: ['rules'],
  },
  userGroup: {
    id: 'user_group',
    titleKey: 'route.user_group',
    art: 'team',
    cards: ['news', 'events', 'beta'],
    cardsFirst: true,
    steps: ['find', 'join'],
    notes: ['rules'],
  },
  ktvParty: {
    id: 'ktv_party',
    titleKey: 'route.ktv_party',
    art: 'karaoke',
    steps: ['create', 'invite', 'sing'],
    cards: ['host', 'singer', 'cheer'],
    notes: ['songs'],
    action: { to: sitePaths.music, labelKey: 'guide.ktv_party.action' },
  },
  tutorial: {
    id: 'tutorial',
    titleKey: 'route.tutorial',
    art: 'creator',
    steps: ['prepare', 'folder', 'upload', 'review'],
    notes: ['music', 'rules'],
  },
} satisfies Record<string, GuidePageContent>;
