import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { AppError } from '@vsp/contract/app-error';
import { PARENT_PIN_PATTERN, type ParentAccount, type ParentSession } from '@vsp/contract/endpoints/parental';
import { Errors } from '@vsp/contract/error-codes';
import { LANGUAGES } from '@vsp/contract/languages';
import { sitePaths } from '@vsp/contract/site-paths';
import { currencyExponent, formatPrice } from '@vsp/contract/wallet-assets';
import { useErrorText } from '../../../shared/http/use-error-text';
import { useTranslation, useLanguageCode } from '../../../shared/i18n/use-translation';
import { MOMENT, UTC_DAY, dateTimeFormat } from '@vsp/contract/intl-formats';
import { Dialog } from '../../../shared/ui/dialog';
import { useToast } from '../../../shared/ui/toast';
import { FieldError, useForm } from '../../../shared/form/use-form';
import { emailFault } from '@vsp/form/form-fields';
import { confirmParent } from '../api/confirm-parent';
import { useParentAccount } from '../api/get-parent-account';
import { requestParentSignIn } from '../api/request-parent-sign-in';
import { useSaveParentSettings } from '../api/save-parent-settings';
import { signInParent } from '../api/sign-in-parent';
import { signOutParent } from '../api/sign-out-parent';
import { unlinkParent } from '../api/unlink-parent';
import { storeParentSession, storedParentSession } from '../parent-session';
import '../../../shared/ui/button.css';
import '../components/parent-page.css';

const PIN = new RegExp(PARENT_PIN_PATTERN);

/**
 * /parent (issue 32): the page a parent reaches from the mails. `?confirm=` confirms the link a
 * player asked for and sets the PIN; `?token=` signs in with the PIN; without either, the parent
 * asks for a sign-in link. Signed in, the parent reads the child's orders and the notices, and sets
 * the monthly limit, the gift-pack switch and the language of the mails, or unlinks.
 */
export function ParentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [session, setSession] = useState<ParentSession | null>(() => storedParentSession());
  const confirmToken = params.get('confirm');
  const signInToken = params.get('token');

  const opened = (next: ParentSession) => {
    storeParentSession(next);
    setSession(next);
    // The one-time token leaves the address: a reload or a shared screen shows nothing to reuse.
    void navigate(sitePaths.parent, { replace: true });
  };
  const closed = () => {
    storeParentSession(null);
    setSession(null);
  };

  let body;
  if (confirmToken && !session) {
    body = <PinForm title={t('parental.confirm.title')} intro={t('parental.confirm.intro')} submit={t('common.confirm')} onPin={(pin) => confirmParent(confirmToken, pin)} onOpened={opened} testId="parent-confirm" />;
  } else if (signInToken && !session) {
    body = <PinForm title={t('parental.sign_in.submit')} intro={null} submit={t('parental.sign_in.submit')} onPin={(pin) => signInParent(signInToken, pin)} onOpened={opened} testId="parent-sign-in" />;
  } else if (!session) {
    body = <SignInRequest />;
  } else {
    body = <ParentManage session={session} onClosed={closed} />;
  }
  return (
    <section className="page parent-page" data-testid="parent-page">
      <h1>{t('route.parent')}</h1>
      {body}
    </section>
  );
}

function PinForm(props: { title: string; intro: string | null; submit: string; onPin: (pin: string) => Promise<ParentSession>; onOpened: (session: ParentSession) => void; testId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const send = useMutation({ mutationFn: props.onPin, onSuccess: props.onOpened, onError: (error): void => form.fail({ pin: errorText(error) }) });
  const form = useForm({ initial: { pin: '' }, busy: send.isPending, validate: ({ pin }) => ({ pin: PIN.test(pin) ? undefined : t('parental.pin.label') }) });
  return (
    <section className="parent-card" aria-labelledby={`${props.testId}-title`} data-testid={props.testId}>
      <h2 id={`${props.testId}-title`}>{props.title}</h2>
      {props.intro && <p className="parent-muted">{props.intro}</p>}
      <form {...form.props} className="parent-form" onSubmit={form.onSubmit(({ pin }) => send.mutate(pin))} aria-busy={send.isPending}>
        <label className="parent-field">
          <span>{t('parental.pin.label')}</span>
          <input type="password" inputMode="numeric" autoComplete="off" pattern="[0-9]*" maxLength={8} dir="ltr" {...form.field('pin')} onChange={(event) => form.set('pin', event.target.value.replace(/\D/g, ''))} data-testid="parent-pin" />
        </label>
        <FieldError form={form} field="pin" className="parent-error" testId="parent-problem" />
        <button type="submit" className="button button--primary" disabled={send.isPending} aria-busy={send.isPending} data-testid="parent-pin-submit">
          {props.submit}
        </button>
      </form>
    </section>
  );
}

function SignInRequest() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const send = useMutation({ mutationFn: requestParentSignIn, onError: (error): void => form.fail({ email: errorText(error) }) });
  const form = useForm({ initial: { email: '' }, busy: send.isPending, validate: ({ email }) => ({ email: emailFault(email, t) }) });
  if (send.isSuccess) {
    return (
      <p className="parent-card" role="status" data-testid="parent-link-sent">
        {t('parental.sign_in.sent')}
      </p>
    );
  }
  return (
    <section className="parent-card" data-testid="parent-sign-in-request">
      <p className="parent-muted">{t('parental.sign_in.intro')}</p>
      <form {...form.props} className="parent-form" onSubmit={form.onSubmit(({ email }) => send.mutate(email.trim()))} aria-busy={send.isPending}>
        <label className="parent-field">
          <span>{t('parental.sign_in.email')}</span>
          <input type="email" inputMode="email" autoComplete="email" dir="ltr" {...form.field('email')} data-testid="parent-sign-in-email" />
        </label>
        <FieldError form={form} field="email" className="parent-error" />
        <button type="submit" className="button button--primary" disabled={send.isPending} aria-busy={send.isPending} data-testid="parent-sign-in-send">
          {t('parental.sign_in.send')}
        </button>
      </form>
    </section>
  );
}

/** A minor-unit amount as the parent types it in the currency's major unit (10.00 -> 1000). */
function toMinor(text: string, currency: string): number | undefined {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d{1,9}(\.\d{0,3})?$/.test(normalised)) return undefined;
  const minor = Math.round(Number(normalised) * 10 ** currencyExponent(currency));
  return Number.isSafeInteger(minor) ? minor : undefined;
}

function toMajor(minor: number, currency: string): string {
  const digits = currencyExponent(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

function ParentManage({ session, onClosed }: { session: ParentSession; onClosed: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const account = useParentAccount(session);
  const ended = account.error instanceof AppError && account.error.code === Errors.ParentSignInRequired;
  if (ended) {
    onClosed();
    return null;
  }
  if (account.isError) {
    return (
      <div className="parent-error" role="alert">
        <p>{errorText(account.error)}</p>
        <button type="button" className="button button--ghost" onClick={() => void account.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!account.data) {
    return (
      <p className="parent-muted" role="status">
        {t('common.loading')}
      </p>
    );
  }
  return <ParentAccountView session={session} data={account.data} onClosed={onClosed} />;
}

function ParentAccountView({ session, data, onClosed }: { session: ParentSession; data: ParentAccount; onClosed: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  const errorText = useErrorText();
  const toast = useToast();
  const [unlinking, setUnlinking] = useState(false);
  const day = (at: number | Date) => dateTimeFormat(lang, UTC_DAY).format(at);
  const moment = (at: number | Date) => dateTimeFormat(lang, MOMENT).format(at);
  const price = (minor: number, code: string) => formatPrice(minor, code, lang);

  const save = useSaveParentSettings(session, {
    onSuccess: () => toast.show(t('parental.manage.saved'), 'success'),
  });
  const unlink = useMutation({ mutationFn: () => unlinkParent(session), onSuccess: () => onClosed(), onError: (error) => toast.show(errorText(error), 'error') });
  const signOut = useMutation({ mutationFn: () => signOutParent(session), onSettled: () => onClosed() });

  const start = { currency: data.currency ?? data.currencies[0] ?? 'USD', limit: data.monthlyLimitMinor };
  const form = useForm({
    initial: { noLimit: start.limit === null, amount: start.limit === null ? '' : toMajor(start.limit, start.currency), currency: start.currency, giftPacks: data.giftPacksAllowed, mailLang: data.lang },
    busy: save.isPending,
    validate: ({ noLimit, amount, currency }) => ({ amount: noLimit || toMinor(amount, currency) !== undefined ? undefined : t('parental.manage.amount') }),
  });
  const { currency, noLimit } = form.values;
  const problem = form.errors.amount ?? (save.isError ? errorText(save.error) : undefined);
  const submit = form.onSubmit(({ noLimit, amount, currency, giftPacks, mailLang }) => {
    const minor = noLimit ? undefined : toMinor(amount, currency);
    const rest = { giftPacksAllowed: giftPacks, lang: mailLang };
    save.mutate(minor === undefined ? { noLimit: true, ...rest } : { monthlyLimitMinor: minor, currency, ...rest });
  });

  const use =
    data.monthlyLimitMinor === null || !data.currency
      ? t('parental.manage.use_unlimited', { spent: price(data.spentThisMonthMinor, data.currency ?? currency) })
      : t('parental.manage.use', { spent: price(data.spentThisMonthMinor, data.currency), limit: price(data.monthlyLimitMinor, data.currency), date: day(data.monthResetsAt) });

  return (
    <div className="parent-manage" data-testid="parent-manage">
      <header className="parent-card parent-child">
        <h2 data-testid="parent-child">{t('parental.manage.child', { nickname: data.child.nickname, uid: data.child.uid })}</h2>
        <p className="parent-muted">{t('parental.manage.since', { date: day(data.since) })}</p>
        <button type="button" className="button button--ghost" onClick={() => signOut.mutate()} data-testid="parent-sign-out">
          {t('parental.manage.sign_out')}
        </button>
      </header>

      <section className="parent-card" aria-labelledby="parent-limit-title">
        <h2 id="parent-limit-title">{t('parental.manage.limit_title')}</h2>
        <p role="status" data-testid="parent-limit-use">
          {use}
        </p>
        <form {...form.props} className="parent-form" onSubmit={submit} aria-busy={save.isPending}>
          <label className="parent-check">
            <input {...form.checkbox('noLimit')} data-testid="parent-no-limit" />
            <span>{t('parental.manage.no_limit')}</span>
          </label>
          <div className="parent-row">
            <label className="parent-field">
              <span>{t('parental.manage.amount')}</span>
              <input type="text" inputMode="decimal" dir="ltr" {...form.field('amount', 'parent-amount-hint')} disabled={noLimit} data-testid="parent-limit-amount" />
            </label>
            <label className="parent-field parent-field--narrow">
              <span>{t('parental.manage.currency')}</span>
              <select {...form.field('currency')} disabled={noLimit} data-testid="parent-limit-currency">
                {data.currencies.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p id="parent-amount-hint" className="parent-muted">
            {t('parental.manage.amount_hint')}
          </p>
          <label className="parent-check">
            <input {...form.checkbox('giftPacks')} data-testid="parent-gift-packs" />
            <span>{t('parental.manage.gift_packs')}</span>
          </label>
          <label className="parent-field">
            <span>{t('parental.manage.lang')}</span>
            <select {...form.field('mailLang')} data-testid="parent-lang">
              {LANGUAGES.map((entry) => (
                <option key={entry.value} value={entry.value} lang={entry.value}>
                  {entry.label}
                </option>
              ))}
            </select>
          </label>
          {problem && (
            <p id={form.errorId('amount')} className="parent-error" role="alert" data-testid="parent-settings-problem">
              {problem}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending} data-testid="parent-save">
            {t('parental.manage.save')}
          </button>
        </form>
      </section>

      <OrderList title={t('parental.manage.orders_month')} orders={data.ordersThisMonth} price={price} when={(iso) => moment(new Date(iso))} testId="parent-orders-month" />
      <OrderList title={t('parental.manage.orders_before')} orders={data.ordersBefore} price={price} when={(iso) => moment(new Date(iso))} testId="parent-orders-before" />

      <section className="parent-card" aria-labelledby="parent-notices-title">
        <h2 id="parent-notices-title">{t('parental.manage.notices')}</h2>
        {data.notices.length === 0 ? (
          <p className="parent-muted">{t('parental.manage.no_notices')}</p>
        ) : (
          <ul className="parent-list" data-testid="parent-notices">
            {data.notices.map((notice) => (
              <li key={notice.orderNo} className="parent-list__item" data-order-no={notice.orderNo}>
                <span>
                  {t(`orders.kind.${notice.kind}`)} · <bdi>{notice.orderNo}</bdi>
                </span>
                <span>{price(notice.priceMinor, notice.currency)}</span>
                <span className="parent-muted">{notice.sentAt ? moment(notice.sentAt) : t('parental.manage.notice_sending')}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="parent-card">
        <button type="button" className="button button--danger" onClick={() => setUnlinking(true)} data-testid="parent-unlink">
          {t('parental.manage.unlink')}
        </button>
      </section>
      <Dialog
        open={unlinking}
        onClose={() => setUnlinking(false)}
        title={t('parental.manage.unlink')}
        description={t('parental.manage.unlink_confirm')}
        testId="parent-unlink-dialog"
        actions={
          <>
            <button type="button" className="button button--ghost" onClick={() => setUnlinking(false)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button button--danger" onClick={() => unlink.mutate()} disabled={unlink.isPending} data-testid="parent-unlink-confirm">
              {t('common.confirm')}
            </button>
          </>
        }
      />
    </div>
  );
}

function OrderList({ title, orders, price, when, testId }: { title: string; orders: ParentAccount['ordersThisMonth']; price: (minor: number, currency: string) => string; when: (iso: string) => string; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="parent-card" aria-label={title}>
      <h2>{title}</h2>
      {orders.length === 0 ? (
        <p className="parent-muted">{t('parental.manage.no_orders')}</p>
      ) : (
        <ul className="parent-list" data-testid={testId}>
          {orders.map((order) => (
            <li key={order.orderNo} className="parent-list__item" data-order-no={order.orderNo} data-status={order.status}>
              <span>
                {t(`orders.kind.${order.kind}`)} · <bdi>{order.orderNo}</bdi>
              </span>
              <span>{price(order.priceMinor, order.currency)}</span>
              <span className="parent-muted">
                {t(`recharge.status.${order.status}`)} · {when(order.paidAt ?? order.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
