import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link } from 'react-router';
import { OUTFIT_MAX_FILES } from '@vsp/outfit-format/outfit-folder';
import { sitePaths } from '@vsp/contract/site-paths';

/** The creator platform's header: what it is for and the tips a first upload needs. */
export function CreatorHeader() {
  const { t } = useTranslation();
  return (
    <header className="creator-header">
      <h1>{t('route.creator_platform')}</h1>
      <p className="creator-header__intro">{t('creator.header.intro')}</p>
      <section className="creator-tips" aria-labelledby="creator-tips-title">
        <h2 id="creator-tips-title">{t('creator.tips.title')}</h2>
        <ol>
          <li>{t('creator.tips.steps')}</li>
          <li>{t('creator.tips.folder')}</li>
          <li>{t('creator.tips.limits', { num: OUTFIT_MAX_FILES })}</li>
          <li>{t('creator.tips.review')}</li>
        </ol>
        <Link to={sitePaths.tutorial} className="creator-tips__link">
          {t('creator.tips.tutorial')}
        </Link>
      </section>
    </header>
  );
}

/** On a phone the creator list asks the creator to come back on a PC. */
export function MobileNotice() {
  const { t } = useTranslation();
  return (
    <p className="creator-mobile-notice" role="note" data-testid="creator-mobile-notice">
      {t('creator.mobile.notice')}
    </p>
  );
}
