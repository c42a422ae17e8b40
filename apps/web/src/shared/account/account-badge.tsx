import { useTranslation } from '../i18n/use-translation';
import type { RechargeAccount } from '@vsp/contract/endpoints/recharge';
import { graphemes } from '@vsp/contract/intl-formats';

/** The first letter of a nickname (a whole grapheme, so an emoji or a combined letter stays whole). */
export function initialOf(nickname: string): string {
  const trimmed = nickname.trim();
  if (!trimmed) return '?';
  // Segmentation of characters is the same in every language ('und': no language in particular).
  const segmenter = typeof Intl.Segmenter === 'function' ? graphemes('und') : null;
  const first = segmenter ? (segmenter.segment(trimmed)[Symbol.iterator]().next().value?.segment ?? trimmed[0]!) : Array.from(trimmed)[0]!;
  return first.toLocaleUpperCase();
}

/**
 * Who an account ID is: its avatar (the nickname's initial, as accounts carry no picture of their
 * own), nickname and ID, so a payer sees whom they are about to credit.
 */
export function AccountBadge({ account, size = 'large' }: { account: RechargeAccount; size?: 'large' | 'small' }) {
  const { t } = useTranslation();
  return (
    <span className={`account-badge account-badge--${size}`} data-testid="account-badge">
      <span className="account-badge__avatar" aria-hidden="true" data-testid="account-avatar">
        {initialOf(account.nickname)}
      </span>
      <span className="account-badge__text">
        <bdi className="account-badge__nickname">{account.nickname}</bdi>
        <span className="account-badge__uid">{t('recharge.account_id', { uid: account.uid })}</span>
      </span>
    </span>
  );
}
