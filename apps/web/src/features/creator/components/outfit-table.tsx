import { useTranslation, useLanguageCode } from '../../../shared/i18n/use-translation';
import type { OutfitItem, OutfitPage } from '@vsp/contract/endpoints/outfits';
import { errorMessage } from '../../../shared/http/error-message';
import { CheckFailure, RejectionDetails, ReplacedNote, SubmissionTimeline } from '../../../shared/review/review-outcome';
import type { PagedList } from '../../../shared/http/use-paged-list';
import { Pager } from '../../../shared/ui/pager';
import { formatBytes } from '../lib/format';
import './outfit-table.css';
import { MOMENT, dateTimeFormat } from '@vsp/contract/intl-formats';

/**
 * The creator's uploaded items (spec section 3: resource ID, component type, upload time, upload
 * status, size) with the review state and reason, and loading, empty and error states.
 */
export function OutfitTable({
  list,
  onResubmit,
}: {
  list: PagedList<OutfitPage>;
  /** Starts the wizard on a fixed version of this rejected submission. */
  onResubmit(item: OutfitItem): void;
}) {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  const { state } = list;
  const data = state.status === 'error' ? undefined : state.data;

  return (
    <section className="creator-table" aria-labelledby="creator-table-title" aria-busy={state.status === 'loading'} data-testid="outfit-table">
      <h2 id="creator-table-title">{t('creator.table.title')}</h2>
      {state.status === 'error' ? (
        <div className="creator-table__state" role="alert">
          <p>{errorMessage(state.error, lang, t)}</p>
          <button type="button" className="creator-button" onClick={list.reload}>
            {t('creator.table.retry')}
          </button>
        </div>
      ) : !data ? (
        <p className="creator-table__state" role="status">
          {t('creator.table.loading')}
        </p>
      ) : data.items.length === 0 ? (
        <p className="creator-table__state" data-testid="outfit-table-empty">
          {t('creator.table.empty')}
        </p>
      ) : (
        <div className="creator-table__scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('creator.table.resource_id')}</th>
                <th scope="col">{t('creator.step.component_type')}</th>
                <th scope="col">{t('creator.table.upload_time')}</th>
                <th scope="col">{t('creator.table.upload_status')}</th>
                <th scope="col">{t('common.size')}</th>
                <th scope="col">{t('creator.table.review')}</th>
                <th scope="col">{t('creator.table.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.resourceId} data-testid="outfit-row" data-resource-id={item.resourceId}>
                  <td dir="ltr">{item.resourceId}</td>
                  <td>
                    {t(`creator.type.${item.componentType}`)} · {t(`creator.gender.${item.gender}`)}
                  </td>
                  <td>{dateTimeFormat(lang, MOMENT).format(new Date(item.uploadTime))}</td>
                  <td>
                    <span className={`creator-badge creator-badge--${item.uploadStatus}`}>{t(`creator.status.${item.uploadStatus}`)}</span>
                  </td>
                  <td dir="ltr">{formatBytes(item.size)}</td>
                  <td className="creator-table__review">
                    {item.reviewState ? <span className={`creator-badge creator-badge--${item.reviewState}`}>{t(`creator.review.${item.reviewState}`)}</span> : '—'}
                    {item.replaces && <ReplacedNote replaces={item.replaces} t={t} />}
                    {item.uploadStatus === 'success' && <SubmissionTimeline timeline={item.timeline} lang={lang} t={t} />}
                  </td>
                  <td className="creator-table__reason">
                    {item.failure ? (
                      <CheckFailure failure={item.failure} componentTypeName={t(`creator.type.${item.componentType}`)} lang={lang} t={t} />
                    ) : item.reviewState === 'rejected' && item.reviewCategory ? (
                      <RejectionDetails category={item.reviewCategory} note={item.reviewReason} t={t} />
                    ) : (
                      item.reviewReason || '—'
                    )}
                    {item.reviewState === 'rejected' && item.resubmittedAs === null && (
                      <button
                        type="button"
                        className="creator-button creator-button--ghost creator-table__resubmit"
                        aria-label={`${t('review.resubmit')} ${item.resourceId}`}
                        onClick={() => onResubmit(item)}
                      >
                        {t('review.resubmit')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager label={t('creator.table.pages')} page={list.page} pages={list.pages} onPage={list.setPage} />}
    </section>
  );
}
