import { useTranslation, useLanguageCode } from '../../../shared/i18n/use-translation';
import type { MusicItem, MusicPage } from '@vsp/contract/endpoints/music';
import { errorMessage } from '../../../shared/http/error-message';
import { RejectionDetails, ReplacedNote, SubmissionTimeline } from '../../../shared/review/review-outcome';
import { formatMegabytes } from '../../../shared/upload/format-size';
import type { PagedList } from '../../../shared/http/use-paged-list';
import { MOMENT, dateTimeFormat } from '@vsp/contract/intl-formats';
import { Pager } from '../../../shared/ui/pager';

function StatusCell({ item, onResubmit }: { item: MusicItem; onResubmit(item: MusicItem): void }) {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  const text =
    item.status === 'rejected'
      ? t('music.status.rejected', { reason: item.category ? t(`review.category.${item.category}`) : (item.reason ?? '') })
      : item.status === 'approved'
        ? t('music.status.approved')
        : t('music.status.pending');
  return (
    <div className="music-status-cell">
      <span className={`music-status music-status--${item.status}`}>{text}</span>
      {item.replaces && <ReplacedNote replaces={item.replaces} t={t} />}
      {item.status === 'rejected' && item.category && <RejectionDetails category={item.category} note={item.reason} t={t} hideCategory />}
      <SubmissionTimeline timeline={item.timeline} lang={lang} t={t} />
      {item.status === 'rejected' && item.resubmittedAs === null && (
        <button type="button" className="music-button music-status-cell__resubmit" aria-label={`${t('review.resubmit')} ${item.songName}`} onClick={() => onResubmit(item)}>
          {t('review.resubmit')}
        </button>
      )}
    </div>
  );
}

/** The user's songs (spec section 2): song name, singer, size, upload time, upload status, with paging. */
export function MusicTable({ list, onResubmit }: { list: PagedList<MusicPage>; onResubmit(item: MusicItem): void }) {
  const { t } = useTranslation();
  const { state, page, pages, setPage, reload } = list;
  const lang = useLanguageCode();

  let body;
  if (state.status === 'error') {
    body = (
      <div className="music-table__note" role="alert">
        <p>{errorMessage(state.error, lang, t)}</p>
        <p>{t('music.table.error')}</p>
        <button type="button" className="music-button" onClick={reload}>
          {t('music.table.retry')}
        </button>
      </div>
    );
  } else if (!state.data) {
    body = (
      <p className="music-table__note" role="status" data-testid="music-loading">
        {t('common.loading')}
      </p>
    );
  } else if (state.data.total === 0) {
    body = (
      <p className="music-table__note" data-testid="music-empty">
        {t('music.table.empty')}
      </p>
    );
  } else {
    body = (
      <>
        <div className="music-table__scroll" aria-busy={state.status === 'loading'}>
          <table className="music-table__table" data-testid="music-table">
            <thead>
              <tr>
                <th scope="col">{t('music.song_name')}</th>
                <th scope="col">{t('music.singer')}</th>
                <th scope="col">{t('common.size')}</th>
                <th scope="col">{t('music.table.upload_time')}</th>
                <th scope="col">{t('music.table.status')}</th>
              </tr>
            </thead>
            <tbody>
              {state.data.list.map((item) => (
                <tr key={item.id} data-testid="music-row" data-song={item.songName}>
                  <td>{item.songName}</td>
                  <td>{item.singer}</td>
                  <td>{formatMegabytes(item.size)}</td>
                  <td>
                    <time dateTime={new Date(item.createdAt).toISOString()}>{dateTimeFormat(lang, MOMENT).format(item.createdAt)}</time>
                  </td>
                  <td>
                    <StatusCell item={item} onResubmit={onResubmit} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager label={t('music.table.pages')} page={page} pages={pages} onPage={setPage} />
      </>
    );
  }

  return (
    <section className="music-table" aria-labelledby="music-table-title">
      <h2 id="music-table-title">{t('music.table.title')}</h2>
      {body}
    </section>
  );
}
