import { useTranslation } from '../../../shared/i18n/use-translation';
import { useErrorText } from '../../../shared/http/use-error-text';
import { PackContents } from '../../../shared/wallet/pack-contents';
import type { InquiryState } from '../hooks/use-order-inquiry';
import { Dialog } from '../../../shared/ui/dialog';

export interface OrderProgressProps {
  orderNo: string | null;
  state: InquiryState;
  onContinue: () => void;
  onNewTopUp: () => void;
}

/**
 * Step 5 after submission: inquiry in progress, then success, a declined, expired or invalid
 * order, or a timeout with confirm-to-continue and the second-timeout message.
 */
export function OrderProgress({ orderNo, state, onContinue, onNewTopUp }: OrderProgressProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (state.phase === 'idle' || !orderNo) return null;
  const order = 'order' in state ? state.order : null;
  const success = state.phase === 'success';
  const ended = ['success', 'failed', 'expired', 'invalidated', 'timeout_again', 'error'].includes(state.phase);
  const message = {
    checking: t('recharge.inquiry'),
    timeout: t('recharge.inquiry'),
    success: order?.kind === 'gift_pack' ? t('recharge.gift.order.success') : t('recharge.success'),
    failed: t('recharge.failed'),
    expired: t('recharge.expired'),
    invalidated: t('recharge.invalidated'),
    timeout_again: t('recharge.timeout.again'),
    error: state.phase === 'error' ? errorText(state.error) : '',
  }[state.phase];

  return (
    <section className={`order-progress order-progress--${state.phase}`} aria-live="polite" data-testid="order-progress" data-phase={state.phase}>
      <p className="order-progress__no">{t('recharge.orderNo', { orderNo })}</p>
      {!ended && <span className="spinner" aria-hidden="true" />}
      <p className="order-progress__message" data-testid="order-message" role={ended && !success ? 'alert' : undefined}>
        {message}
      </p>
      {success && order && <PackContents contents={order.contents} />}
      {state.phase === 'checking' && order?.status === 'awaiting_payment' && order.checkoutUrl && (
        <a className="secondary-button" href={order.checkoutUrl}>
          {t('recharge.resumePayment')}
        </a>
      )}
      {ended && (
        <button type="button" className="secondary-button" onClick={onNewTopUp} data-testid="new-topup">
          {t('recharge.newTopUp')}
        </button>
      )}
      <Dialog
        open={state.phase === 'timeout'}
        title={t('recharge.inquiry')}
        description={t('recharge.timeout')}
        onClose={onNewTopUp}
        dismissible={false}
        testId="timeout-dialog"
        actions={
          <>
            <button type="button" className="primary-button" onClick={onContinue} autoFocus data-testid="timeout-continue">
              {t('recharge.timeout.continue')}
            </button>
            <button type="button" className="secondary-button" onClick={onNewTopUp}>
              {t('common.cancel')}
            </button>
          </>
        }
      />
    </section>
  );
}
