import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation, useLanguageCode } from '../../../shared/i18n/use-translation';
import { useSearchParams } from 'react-router';
import type { Redemption } from '@vsp/contract/endpoints/gift-codes';
import type { RechargeAccount } from '@vsp/contract/endpoints/recharge';
import { FORM_PAGES, PAGE_FORM_FIELD, PAGE_FORM_FIELD_MAX, VERIFY_ACCOUNT_FIRST, giftCodeOf, giftCodeProblem, pageFormAction } from '@vsp/contract/page-forms';
import { AccountIdField } from '../../../shared/account/account-id-field';
import { usePrerenderedMarkup } from '../../../shared/dom/client-value';
import { useErrorText } from '../../../shared/http/use-error-text';
import { usePageFormAnswer, useProblemText } from '../../../shared/page-form/page-form-answer';
import { FieldError, useForm, worded } from '../../../shared/form/use-form';
import { PackContents } from '../../../shared/wallet/pack-contents';
import { redeemGiftCode } from '../api/redeem-gift-code';
import './exchange-page.css';

const STEPS = ['exchange.step.1', 'exchange.step.2', 'exchange.step.3', 'exchange.step.4'];

/**
 * The exchange page (spec section 2): verify the account ID as on the top-up page, enter the gift
 * pack code, confirm, and see what was granted, or the reason it was not, in the visitor's language.
 * A link with `?code=` fills the code in.
 *
 * Both forms also work without scripts (decision 0144): they post to this page, the verified
 * account travels in the code form as a hidden field, and the server's answer (the account checked,
 * the code redeemed or refused) is this page's first state.
 */
export function ExchangePage() {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  const errorText = useErrorText();
  const problemText = useProblemText();
  const checked = usePageFormAnswer('account-check');
  const redeemed = usePageFormAnswer('gift-code');
  const [account, setAccount] = useState<RechargeAccount | null>(() => checked?.account ?? redeemed?.account ?? null);
  const [params] = useSearchParams();
  // A shared link (/exchange?code=...) fills the code; the payer still verifies the account and redeems.
  const linkCode = (params.get('code') ?? '').trim().slice(0, PAGE_FORM_FIELD_MAX.code);
  // The prerendered page has no code (it is one page for every link): React hydrates it empty and
  // the link's code goes in right after.
  const prerendered = usePrerenderedMarkup();
  const answered = checked ?? redeemed;
  const redemption = useMutation({ mutationFn: ({ uid, code }: { uid: number; code: string }) => redeemGiftCode(uid, code) });
  const busy = redemption.isPending;
  /** Asked for while no account is verified (a code submitted before, here or in a post the server answered). */
  const verifyFirst = t(VERIFY_ACCOUNT_FIRST);
  const form = useForm({
    initial: () => ({ code: answered ? (answered.values.code ?? '') : prerendered ? '' : linkCode }),
    initialErrors: () => ({ code: redeemed?.problem && problemText(redeemed.problem) }),
    busy,
    validate: ({ code }) => ({ code: account ? worded(t, giftCodeProblem(code)) : verifyFirst }),
  });
  const { code } = form.values;
  const fillFromLink = useRef(!answered && prerendered && linkCode !== '');
  useEffect(() => {
    if (!fillFromLink.current) return;
    fillFromLink.current = false;
    form.set('code', linkCode);
  }, [linkCode, form]);
  const [granted, setGranted] = useState<Redemption | null>(() => redeemed?.granted ?? null);
  const codeId = useId();
  const action = pageFormAction(FORM_PAGES.exchange, lang);

  const submit = form.onSubmit(async ({ code }) => {
    if (!account) return;
    try {
      setGranted(await redemption.mutateAsync({ uid: account.uid, code: giftCodeOf(code) }));
      form.set('code', '');
    } catch (error) {
      form.fail({ code: errorText(error) });
    }
  });

  /** A verified account answers "verify the account ID first". */
  function verified(next: RechargeAccount | null) {
    setAccount(next);
    if (next) form.setErrors((current) => (current.code === verifyFirst ? {} : current));
  }

  function again(event: FormEvent) {
    event.preventDefault();
    redemption.reset();
    setGranted(null);
  }

  return (
    <section className="page exchange-page" data-testid="exchange-page">
      <h1>{t('exchange.title')}</h1>
      <div className="exchange-layout">
        <div className="exchange-main">
          {granted ? (
            <div className="exchange-success" role="status" data-testid="exchange-success">
              <p className="exchange-success__title">{t('exchange.success')}</p>
              <p>{t('exchange.success.info')}</p>
              <p className="exchange-success__granted">{t('exchange.success.granted')}</p>
              <PackContents contents={granted.contents} />
              {/* Without scripts: the account checked again, ready for the next code. */}
              <form action={action} method="post" onSubmit={again}>
                <input type="hidden" name={PAGE_FORM_FIELD} value="account-check" />
                {account && <input type="hidden" name="uid" value={account.uid} />}
                <button type="submit" className="secondary-button" data-testid="exchange-again">
                  {t('exchange.again')}
                </button>
              </form>
            </div>
          ) : (
            <>
              <AccountIdField account={account} onVerified={verified} disabled={busy} page={FORM_PAGES.exchange} carry={{ code }} />
              <form {...form.props} className="exchange-form" action={action} method="post" onSubmit={submit}>
                <input type="hidden" name={PAGE_FORM_FIELD} value="gift-code" />
                {account && <input type="hidden" name="uid" value={account.uid} />}
                <label htmlFor={codeId}>{t('exchange.input.label')}</label>
                <input
                  id={codeId}
                  {...form.field('code')}
                  placeholder={t('exchange.input.code')}
                  autoComplete="off"
                  autoCapitalize="off"
                  autoCorrect="off"
                  spellCheck={false}
                  maxLength={PAGE_FORM_FIELD_MAX.code}
                  data-testid="gift-code-input"
                />
                <FieldError form={form} field="code" className="field-problem" testId="exchange-problem" />
                <button type="submit" className="primary-button" disabled={busy} data-testid="exchange-confirm">
                  {busy ? t('exchange.redeeming') : t('exchange.confirm')}
                </button>
              </form>
            </>
          )}
        </div>
        <aside className="exchange-side">
          <section aria-labelledby={`${codeId}-steps`} className="exchange-steps">
            <h2 id={`${codeId}-steps`}>{t('exchange.step.title')}</h2>
            <ol>
              {STEPS.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ol>
            <p className="exchange-muted">{t('exchange.step.info')}</p>
          </section>
          <section aria-labelledby={`${codeId}-tips`} className="exchange-tips">
            <h2 id={`${codeId}-tips`}>{t('exchange.tips.title')}</h2>
            <ul>
              <li>{t('exchange.tips.case')}</li>
              <li>{t('exchange.tips.trade')}</li>
            </ul>
          </section>
        </aside>
      </div>
    </section>
  );
}
