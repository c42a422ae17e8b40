import { useCallback, useState } from 'react';
import type { MusicItem } from '@vsp/contract/endpoints/music';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/session-store';
import { useMusicList } from '../api/list-music';
import { MusicForm } from '../components/music-form';
import { MusicTable } from '../components/music-table';
import './music-page.css';

/** /music (logged in, desktop): upload a song for review and follow the review of one's songs. */
export function MusicPage() {
  const { t } = useTranslation();
  const viewer = useSession()?.uid ?? null;
  const list = useMusicList(viewer);
  const [resubmitting, setResubmitting] = useState<MusicItem>();
  const { showFirstPage } = list;
  const onSubmitted = useCallback(() => {
    setResubmitting(undefined);
    showFirstPage();
  }, [showFirstPage]);
  const cancelResubmit = useCallback(() => setResubmitting(undefined), []);
  return (
    <section className="page music-page" data-testid="music-page">
      <header className="music-page__header">
        <h1>{t('route.music')}</h1>
        <p>{t('music.intro')}</p>
      </header>
      <div className="music-page__body">
        <MusicForm onSubmitted={onSubmitted} resubmitting={resubmitting} onCancelResubmit={cancelResubmit} />
        <MusicTable list={list} onResubmit={setResubmitting} />
      </div>
    </section>
  );
}
