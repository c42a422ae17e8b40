import { HomeCarousel } from '../components/home-carousel';
import { IosNoticeDialog } from '../components/ios-notice-dialog';

export function HomePage() {
  return (
    <>
      <HomeCarousel />
      <IosNoticeDialog />
    </>
  );
}
