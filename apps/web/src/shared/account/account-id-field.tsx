import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation, useLanguageCode } from '../i18n/use-translation';
import type { RechargeAccount } from '@vsp/contract/endpoints/recharge';
import { PAGE_FORM_FIELD, accountIdProblem, pageFormAction } from '@vsp/contract/page-forms';
import { LANGUAGE_QUERY } from '@vsp/contract/prerender';
import { useErrorText } from '../http/use-error-text';
import { usePageFormAnswer, useProblemText } from '../page-form/page-form-answer';
import { FieldError, useForm, worded } from '../form/use-form';
import { initialOf } from './account-badge';
import { recentAccounts, useRecentAccounts } from './recent-accounts';
import { verifyAccount } from './verify-account';
import './account-id-field.css';

export interface AccountIdFieldProps {
  account: RechargeAccount | null;
  onVerified: (account: RechargeAccount | null) => void;
  disabled?: boolean;
  /** The page this form posts to when scripts do not run (one of PAGE_FORMS; decision 0144). */
  page: string;
  /** Other values of the page sent along with the account ID in that post, so its answer keeps them. */
  carry?: Readonly<Record<string, string>>;
}

/**
 * Step 1 of the top-up and exchange pages: the account ID with a help link on finding it in the
 * app, a confirm button, and once verified the confirm-account box with the avatar and nickname.
 * The device remembers the last verified IDs for one-tap reuse (verified again on the tap), and
 * the payer can forget each. Without scripts the form posts to `page`, whose answer starts the field
 * with what was typed and the problem found (decision 0144).
 */
export function AccountIdField({ account, onVerified, disabled, page, carry = {} }: AccountIdFieldProps) {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  const errorText = useErrorText();
  const problemText = useProblemText();
  const answer = usePageFormAnswer('account-check');
  const form = useForm({
    initial: { uid: answer?.values.uid ?? '' },
    initialErrors: () => ({ uid: answer?.problem && problemText(answer.problem) }),
    validate: ({ uid }) => ({ uid: worded(t, accountIdProblem(uid)) }),
  });
  const verification = useMutation({ mutationFn: (uid: number) => verifyAccount(uid) });
  const busy = verification.isPending;
  const [helpOpen, setHelpOpen] = useState(false);
  const inputId = useId();
  const helpId = useId();

  const recent = useRecentAccounts();

  async function verify(uid: number) {
    form.setErrors({});
    try {
      const verified = await verification.mutateAsync(uid);
      recentAccounts.remember(verified);
      onVerified(verified);
    } catch (error) {
      form.fail({ uid: errorText(error) });
      onVerified(null);
    }
  }

  if (account) {
    return (
      <div className="account-box" role="group" aria-label={t('recharge.userInput.box')} data-testid="account-box">
        <p className="account-box__title">{t('recharge.userInput.box')}</p>
        <div className="account-box__who">
          <span className="account-badge__avatar" aria-hidden="true" data-testid="account-avatar">
            {initialOf(account.nickname)}
          </span>
          <div>
            <p className="account-box__nickname" data-testid="account-nickname">
              {t('recharge.nickname', { nickname: account.nickname })}
            </p>
            <p className="account-box__uid">{t('recharge.account_id', { uid: account.uid })}</p>
          </div>
        </div>
        {!disabled && (
          // Without scripts: the page again, in its language, with the field empty.
          <form
            className="account-box__change"
            action={page}
            method="get"
            onSubmit={(event) => {
              event.preventDefault();
              onVerified(null);
            }}
          >
            <input type="hidden" name={LANGUAGE_QUERY} value={lang} />
            <button type="submit" className="link-button" data-testid="account-change">
              {t('recharge.change_account')}
            </button>
          </form>
        )}
      </div>
    );
  }

  return (
    <form {...form.props} className="account-field" action={pageFormAction(page, lang)} method="post" onSubmit={form.onSubmit(({ uid }) => verify(Number(uid.trim())))}>
      <input type="hidden" name={PAGE_FORM_FIELD} value="account-check" />
      {Object.entries(carry).map(([name, carried]) => (
        <input key={name} type="hidden" name={name} value={carried} />
      ))}
      <label htmlFor={inputId} className="account-field__label">
        {t('recharge.userInput.header')}
      </label>
      <div className="account-field__row">
        <input
          id={inputId}
          {...form.field('uid')}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('recharge.userInput.tips')}
          disabled={busy || disabled}
          data-testid="account-input"
        />
        <button type="submit" className="primary-button" disabled={busy || disabled} data-testid="account-confirm">
          {t('recharge.userInput.confirm')}
        </button>
      </div>
      <FieldError form={form} field="uid" className="field-problem" testId="account-problem" />
      <button type="button" className="link-button" aria-expanded={helpOpen} aria-controls={helpId} onClick={() => setHelpOpen((open) => !open)}>
        {t('recharge.help')}
      </button>
      {helpOpen && (
        <p id={helpId} className="account-field__help" data-testid="account-help">
          {t('recharge.help.body')}
        </p>
      )}
      {recent.length > 0 && !disabled && (
        <section className="recent-accounts" aria-labelledby={`${inputId}-recent`} data-testid="recent-accounts">
          <h2 id={`${inputId}-recent`} className="recent-accounts__title">
            {t('account.recent.title')}
          </h2>
          <ul className="recent-accounts__list">
            {recent.map((item) => (
              <li key={item.uid} className="recent-accounts__item" data-testid="recent-account" data-uid={item.uid}>
                <button
                  type="button"
                  className="recent-accounts__use"
                  disabled={busy}
                  onClick={() => {
                    form.set('uid', String(item.uid));
                    void verify(item.uid);
                  }}
                  data-testid="recent-account-use"
                >
                  <span className="account-badge__avatar account-badge__avatar--small" aria-hidden="true">
                    {initialOf(item.nickname)}
                  </span>
                  <span className="recent-accounts__text">
                    <bdi className="recent-accounts__nickname">{item.nickname}</bdi>
                    <bdi className="recent-accounts__uid">{item.uid}</bdi>
                  </span>
                </button>
                <button
                  type="button"
                  className="link-button recent-accounts__forget"
                  onClick={() => recentAccounts.forget(item.uid)}
                  aria-label={t('account.recent.forget_one', { uid: item.uid })}
                  data-testid="recent-account-forget"
                >
                  {t('account.recent.forget')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </form>
  );
}
