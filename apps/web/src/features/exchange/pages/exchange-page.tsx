import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSearchParams } from 'react-router';
import type { RechargeAccount } from '@vsp/contract/endpoints/recharge';
import { AccountIdField } from '../../../shared/account/account-id-field';
import { useErrorText } from '../../../shared/http/use-error-text';
import { PackContents } from '../../../shared/wallet/pack-contents';
import { redeemGiftCode } from '../api/redeem-gift-code';
import './exchange-page.css';

const STEPS = ['exchange.step.1', 'exchange.step.2', 'exchange.step.3', 'exchange.step.4'];

/**
 * The exchange page (spec section 2): verify the account ID as on the top-up page, enter the gift
 * pack code, confirm, and see what was granted, or the reason it was not, in the visitor's language.
 * A link with `?code=` fills the code in.
 */
export function ExchangePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [account, setAccount] = useState<RechargeAccount | null>(null);
  const [params] = useSearchParams();
  // A shared link (/exchange?code=...) fills the code; the payer still verifies the account and redeems.
  const [code, setCode] = useState(() => (params.get('code') ?? '').trim().slice(0, 64));
  const redemption = useMutation({ mutationFn: ({ uid, code }: { uid: number; code: string }) => redeemGiftCode(uid, code) });
  const busy = redemption.isPending;
  const granted = redemption.data;
  const [answer, setAnswer] = useState<string | null>(null);
  /** A code was submitted before the account ID was verified: asked for until it is. */
  const [needsAccount, setNeedsAccount] = useState(false);
  const problem = needsAccount && !account ? t('exchange.verifyFirst') : answer;
  const setProblem = (text: string | null) => {
    setNeedsAccount(false);
    setAnswer(text);
  };
  const codeId = useId();
  const problemId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!account) {
      setAnswer(null);
      return setNeedsAccount(true);
    }
    // Spaces around a pasted code are not part of it; everything else is compared exactly.
    const typed = code.trim();
    if (!typed) return setProblem(t('exchange.input.code'));
    setProblem(null);
    try {
      await redemption.mutateAsync({ uid: account.uid, code: typed });
      setCode('');
    } catch (error) {
      setProblem(errorText(error));
    }
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
              <button type="button" className="secondary-button" onClick={() => redemption.reset()}>
                {t('exchange.again')}
              </button>
            </div>
          ) : (
            <>
              <AccountIdField account={account} onVerified={setAccount} disabled={busy} />
              <form className="exchange-form" onSubmit={submit} noValidate>
                <label htmlFor={codeId}>{t('exchange.input.label')}</label>
                <input
                  id={codeId}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  placeholder={t('exchange.input.code')}
                  autoComplete="off"
                  autoCapitalize="off"
                  autoCorrect="off"
                  spellCheck={false}
                  maxLength={64}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? problemId : undefined}
                  data-testid="gift-code-input"
                />
                {problem && (
                  <p id={problemId} className="field-problem" role="alert" data-testid="exchange-problem">
                    {problem}
                  </p>
                )}
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
