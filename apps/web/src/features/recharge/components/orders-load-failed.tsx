import { useTranslation } from '../../../shared/i18n/use-translation';
import { useErrorText } from '../../../shared/http/use-error-text';

/** The history or a receipt could not be loaded: why, and a retry. */
export function OrdersLoadFailed({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div className="recharge-error" role="alert" data-testid={testId}>
      <p>{t('orders.loadFailed')}</p>
      <p className="recharge-muted">{errorText(error)}</p>
      <button type="button" className="secondary-button" onClick={onRetry}>
        {t('recharge.retry')}
      </button>
    </div>
  );
}
