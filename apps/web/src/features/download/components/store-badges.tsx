import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDevice } from '../../../shared/device/device';
import { useStoreJump } from '../hooks/use-store-jump';
import type { Store } from '../store-choice';
import { AppleGlyph, PlayGlyph } from './store-icons';
import './download.css';

/**
 * The iOS and Android store badges (spec section 2: 165 px wide, 135 px below a 725 px window).
 * Hidden inside the native app.
 */
export function StoreBadges({ source = 'badge' }: { source?: string }) {
  const { t } = useTranslation();
  const { linkProps, notice } = useStoreJump(source);
  const { inApp } = useDevice();
  if (inApp) return null;
  const badge = (store: Store) => (
    <a {...linkProps(store)} className="store-badge" data-testid={`badge-${store}`}>
      {store === 'ios' ? <AppleGlyph size={26} /> : <PlayGlyph size={24} />}
      <span className="store-badge__text">
        <span className="store-badge__small">{t(`download.badge.${store}_top`)}</span>{' '}
        <span className="store-badge__store">{t(`download.store.${store}`)}</span>
      </span>
    </a>
  );
  return (
    <div className="store-badges">
      {badge('ios')}
      {badge('android')}
      {notice}
    </div>
  );
}
