import type { ReactNode } from 'react';
import { HomeCarousel } from '../components/home-carousel';
import { IosNoticeDialog } from '../components/ios-notice-dialog';

export function HomePage({ downloadBadges }: { downloadBadges: ReactNode }) {
  return (
    <>
      <HomeCarousel downloadBadges={downloadBadges} />
      <IosNoticeDialog />
    </>
  );
}
