import { GuideArticle } from '../components/guide-article';
import { GUIDE_PAGES } from '../content/guide-pages';

/** The guide pages share one chunk: they are the same layout with different words. */
export const QuickGuidePage = () => <GuideArticle content={GUIDE_PAGES.quickGuide} />;
export const QuickStartGuidePage = () => <GuideArticle content={GUIDE_PAGES.quickStartGuide} />;
export const RoomRewardsPage = () => <GuideArticle content={GUIDE_PAGES.roomRewards} />;
export const UpdateContentPage = () => <GuideArticle content={GUIDE_PAGES.updateContent} />;
export const FriendSpacePage = () => <GuideArticle content={GUIDE_PAGES.friendSpace} />;
export const UserGroupPage = () => <GuideArticle content={GUIDE_PAGES.userGroup} />;
export const KtvPartyPage = () => <GuideArticle content={GUIDE_PAGES.ktvParty} />;
export const TutorialPage = () => <GuideArticle content={GUIDE_PAGES.tutorial} />;
