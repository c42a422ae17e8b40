import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { RechargeStatus } from '@vsp/contract/endpoints/recharge';
import { publicConfig } from '../../../shared/config/public-config';
import { platformOf } from '../../../shared/device/device';
import { Dialog } from '../../../shared/ui/dialog';

/** The top-up maintenance banner (spec section 1), shown while recharge.paused.open is on. */
export function MaintenanceBanner({ status }: { status: RechargeStatus | null }) {
  const { t } = useTranslation();
  if (!status?.paused) return null;
  return (
    <aside className="maintenance-banner" role="status" data-testid="maintenance-banner">
      <h2>{t('recharge.paused.title')}</h2>
      {status.window && <p className="maintenance-banner__window">{t('recharge.paused.window', { from: status.window.from, to: status.window.to })}</p>}
      <p>{t('recharge.paused.body', { email: publicConfig.supportEmails.service })}</p>
    </aside>
  );
}

/** The iOS maintenance popup (May 20, 2025 notice), for iOS visitors while its switch is on. */
export function IosNoticePopup({ status }: { status: RechargeStatus | null }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  const open = Boolean(status?.iosNotice) && !dismissed && platformOf() === 'ios';
  return (
    <Dialog
      open={open}
      title={t('recharge.ios.title')}
      description={t('recharge.ios.body')}
      onClose={() => setDismissed(true)}
      dismissible={false}
      testId="recharge-ios-notice"
      actions={
        <button type="button" className="primary-button" onClick={() => setDismissed(true)} autoFocus>
          {t('recharge.ios.ok')}
        </button>
      }
    />
  );
}
