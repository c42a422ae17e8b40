import { useTranslation } from '../../../shared/i18n/use-translation';
import { MusicForm } from '../components/music-form';
import { MusicTable } from '../components/music-table';
import { useMusicList } from '../hooks/use-music-list';
import './music-page.css';

/** /music (logged in, desktop): upload a song for review and follow the review of one's songs. */
export function MusicPage() {
  const { t } = useTranslation();
  const list = useMusicList();
  return (
    <section className="page music-page" data-testid="music-page">
      <header className="music-page__header">
        <h1>{t('route.music')}</h1>
        <p>{t('music.intro')}</p>
      </header>
      <div className="music-page__body">
        <MusicForm onSubmitted={list.showFirstPage} />
        <MusicTable list={list} />
      </div>
    </section>
  );
}
