import { DownloadBadges } from '../../features/download/components/download-badges';
import { HomePage } from '../../features/marketing/pages/home-page';

/** The home page with the download badges on its first slide (the app layer joins the two features). */
export function HomeRoute() {
  return <HomePage downloadBadges={<DownloadBadges source="home_slide" />} />;
}
