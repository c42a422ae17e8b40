import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { GuideSections } from '../components/guide-article';
import { Artwork } from '../components/artwork';
import { GUIDE_PAGES } from '../content/guide-pages';
import '../components/marketing-page.css';
import './creator-page.css';

const TABS = ['platform', 'tutorial'] as const;
/** The creator platform's wizard on a computer (spec section 2): 01 gender, 02 component type, 03 folder. */
const WIZARD_STEPS = ['step_gender', 'step_type', 'step_folder'] as const;

/**
 * The phone entry of the creator platform and the tutorial (spec section 2): `?tab=0` tells the
 * creator to upload from a computer, `?tab=1` shows the tutorial. Tabs follow the ARIA tabs pattern.
 */
export function CreatorPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const base = useId();
  const active = params.get('tab') === '1' ? 1 : 0;
  const select = (tab: number) => {
    setParams({ tab: String(tab) }, { replace: true });
    document.getElementById(`${base}-tab-${tab}`)?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) {
      event.preventDefault();
      select(event.key === 'Home' ? 0 : event.key === 'End' ? 1 : 1 - active);
    }
  };
  return (
    <article className="mk-page mk-page--creator">
      <h1 className="creator-title">{t('route.creator')}</h1>
      <div className="creator-tabs" role="tablist" aria-label={t('route.creator')} onKeyDown={onKey}>
        {TABS.map((tab, i) => (
          <button
            key={tab}
            id={`${base}-tab-${i}`}
            type="button"
            role="tab"
            className="creator-tab"
            aria-selected={active === i}
            aria-controls={`${base}-panel-${i}`}
            tabIndex={active === i ? 0 : -1}
            onClick={() => select(i)}
          >
            {t(`creator.tab.${tab}`)}
          </button>
        ))}
      </div>
      <div id={`${base}-panel-${active}`} role="tabpanel" aria-labelledby={`${base}-tab-${active}`} className="creator-panel" tabIndex={0}>
        {active === 0 ? (
          <section className="creator-platform" data-testid="creator-platform">
            <div className="creator-platform__art">
              <Artwork name="creator" />
            </div>
            <h2>{t('creator.platform.title')}</h2>
            <p>{t('creator.platform.body')}</p>
            <h3 className="creator-platform__steps-title">{t('creator.platform.steps_title')}</h3>
            <ol className="creator-platform__steps">
              {WIZARD_STEPS.map((step) => (
                <li key={step}>{t(`creator.platform.${step}`)}</li>
              ))}
            </ol>
            <p className="mk-note">{t('creator.platform.pc_only')}</p>
          </section>
        ) : (
          <div data-testid="creator-tutorial">
            <p className="mk-hero__lead">{t('guide.tutorial.lead')}</p>
            <GuideSections content={GUIDE_PAGES.tutorial} />
          </div>
        )}
      </div>
    </article>
  );
}
