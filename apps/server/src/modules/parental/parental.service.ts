import { hash, verify } from '@node-rs/argon2';
import { checkEmail } from '@vsp/contract/account-rules';
import { AppError } from '@vsp/contract/app-error';
import { PARENT_LINK_TTL_MS, PARENT_SESSION_TTL_MS, type ParentAccount, type ParentSession, type ParentSettingsBody, type PlayerParent } from '@vsp/contract/endpoints/parental';
import { Errors } from '@vsp/contract/error-codes';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@vsp/contract/languages';
import { limitPeriodReset, limitPeriodStart } from '@vsp/contract/purchase-limits';
import { sitePaths } from '@vsp/contract/site-paths';
import type { SignedInput } from '../../plugins/signature';
import type { AttemptLimiter, LimitRule } from '../../shared/attempt-limiter';
import type { Mails } from '../../shared/mails/mails';
import type { ParentMailChild } from '../../shared/mails/templates/parent-mails';
import { hashToken, newSecretToken } from '../../shared/secret-token';
import type { AccountsRepository } from '../accounts';
import type { InTransaction } from '../../shared/in-transaction';
import type { AuditTrail } from '../audit';
import { orderView, type RechargeRepository } from '../recharge';
import type { ParentalRepository, ParentLinkRow } from './parental.repository';

const MINUTE = 60_000;

/** How long a parent's mailed link works, in hours, as the mail says. */
const LINK_HOURS = Math.round(PARENT_LINK_TTL_MS / 3_600_000);

/** Brute-force limits of the parent's calls (decision 0152). */
export const PARENTAL_LIMITS = {
  /** Link requests a player makes (each mails someone). */
  linkPerAccount: { max: 5, windowMs: 60 * MINUTE },
  /** Sign-in link requests per address asked for, and per client address. */
  signInPerEmail: { max: 5, windowMs: 60 * MINUTE },
  signInPerAddress: { max: 20, windowMs: 60 * MINUTE },
  /** PIN tries per account (a stolen link still needs the PIN), and link guesses per client address. */
  pinPerAccount: { max: 5, windowMs: 15 * MINUTE },
  usePerAddress: { max: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, LimitRule>;

/** The audit's actor for a parent's change: parents have no account of their own. */
export const PARENT_ACTOR = 'parent';

/** p•••t@e•••.com: enough for the player to recognise the address, not to read it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  const mask = (part: string, keepLast: boolean) => (part.length <= 2 ? `${part.slice(0, 1)}•••` : `${part[0]}•••${keepLast ? part.at(-1) : ''}`);
  return `${mask(local, true)}@${mask(host, false)}${tld}`;
}

export interface ParentalServiceDeps {
  parental: ParentalRepository;
  accounts: Pick<AccountsRepository, 'findByUid'>;
  /** Top-up's orders and catalogue: the month's spending, the paid orders, the currencies on sale. */
  orders: Pick<RechargeRepository, 'spentSince' | 'paidOrdersOf' | 'offeredCurrencies'>;
  mails: Mails;
  /** A parent's change and its audit entry, in one transaction. */
  transaction: InTransaction<ParentalRepository>;
  audit: AuditTrail;
  limiter: AttemptLimiter;
  now: () => number;
  log: { error(object: object, message: string): void };
}

/**
 * Parents in control (issue 32, decision 0152): the player's request, the parent's confirmation,
 * sign-in (mailed one-time link + PIN, hashed at rest), settings, unlinking, the parent page's
 * figures, and the purchase notices written when an order is credited and mailed here.
 */
export class ParentalService {
  constructor(private readonly deps: ParentalServiceDeps) {}

  #at(): Date {
    return new Date(this.deps.now());
  }

  /**
   * Mails a one-time link of `purpose` for the account `uid` (the parent page with `confirm=` for the
   * confirmation, `token=` for a sign-in; the mail makes it absolute, in its language). A link
   * nobody received must not work: it goes when the mail fails (10010).
   */
  async #mailLink(uid: number, purpose: 'confirm' | 'sign_in', to: string, lang: LanguageCode, at = this.#at()): Promise<void> {
    const token = newSecretToken();
    const row = await this.deps.parental.insertToken({ tokenHash: hashToken(token), uid, purpose, createdAt: at, expiresAt: new Date(at.getTime() + PARENT_LINK_TTL_MS) });
    const linkPath = `${sitePaths.parent}?${new URLSearchParams({ [purpose === 'confirm' ? 'confirm' : 'token']: token }).toString()}`;
    try {
      await this.deps.mails.send(purpose === 'confirm' ? 'parent-confirm' : 'parent-sign-in', { to, lang, data: { ...(await this.#child(uid)), linkPath, hours: LINK_HOURS } });
    } catch (error) {
      await this.deps.parental.deleteToken(row.id);
      throw new AppError(Errors.EmailNotSent, { cause: error });
    }
  }

  async #child(uid: number): Promise<ParentMailChild> {
    const user = await this.deps.accounts.findByUid(uid);
    return { uid, nickname: user?.nickname ?? String(uid) };
  }

  /** What the player's /account shows. */
  async playerView(uid: number): Promise<PlayerParent> {
    const link = await this.deps.parental.link(uid);
    if (!link) return { link: null };
    return {
      link: {
        state: link.state,
        maskedEmail: maskEmail(link.email),
        requestedAt: link.requestedAt.getTime(),
        since: link.confirmedAt ? link.confirmedAt.getTime() : null,
      },
    };
  }

  /**
   * The player names a parent: a confirmation link goes to that address in `lang`. A pending request
   * is replaced (its link stops working); a confirmed parent stays (10126): only they can unlink.
   */
  async requestLink(player: { uid: number; email: string }, email: string, lang: LanguageCode): Promise<PlayerParent> {
    const address = email.trim();
    const rule = checkEmail(address);
    if (rule) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'email', rule }] });
    if (address.toLowerCase() === player.email.toLowerCase()) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'email', rule: 'ownAddress' }] });
    const existing = await this.deps.parental.link(player.uid);
    if (existing?.state === 'active') throw new AppError(Errors.ParentAlreadyLinked);
    await this.deps.limiter.attempt([{ scope: 'parent:link:account', subject: String(player.uid), rule: PARENTAL_LIMITS.linkPerAccount }]);
    const at = this.#at();
    const link = await this.deps.parental.requestLink(player.uid, address, lang, at);
    if (!link) throw new AppError(Errors.ParentAlreadyLinked);
    await this.deps.parental.voidTokens(player.uid, 'confirm', at);
    await this.#mailLink(player.uid, 'confirm', address, lang, at);
    return this.playerView(player.uid);
  }

  /** An open one-time link of `purpose`, or 10124 (unknown, used, expired). */
  async #openToken(token: string, purpose: 'confirm' | 'sign_in', address: string) {
    await this.deps.limiter.attempt([{ scope: 'parent:use:address', subject: address, rule: PARENTAL_LIMITS.usePerAddress }]);
    const row = await this.deps.parental.token(hashToken(token), purpose);
    if (!row || row.usedAt || row.expiresAt.getTime() <= this.deps.now()) throw new AppError(Errors.ParentLinkInvalid);
    return row;
  }

  async #newSession(uid: number): Promise<ParentSession> {
    const at = this.#at();
    const sessionToken = newSecretToken();
    const expiresAt = new Date(at.getTime() + PARENT_SESSION_TTL_MS);
    await this.deps.parental.insertToken({ tokenHash: hashToken(sessionToken), uid, purpose: 'session', createdAt: at, expiresAt });
    return { sessionToken, expiresAt: expiresAt.getTime(), uid };
  }

  /** The parent confirms with the mailed link and chooses the PIN: the account is parent-managed from now on. */
  async confirm(token: string, pin: string, address: string): Promise<ParentSession> {
    const row = await this.#openToken(token, 'confirm', address);
    const at = this.#at();
    const pinHash = await hash(pin);
    await this.deps.transaction(async (tx, parental) => {
      if (!(await parental.claimToken(row.id, at))) throw new AppError(Errors.ParentLinkInvalid);
      const link = await parental.confirm(row.uid, pinHash, at);
      if (!link) throw new AppError(Errors.ParentLinkInvalid);
      await this.deps.audit({ actorName: PARENT_ACTOR, action: 'parent.link', target: `user:${row.uid}`, before: { parentManaged: false }, after: { parentManaged: true, parent: maskEmail(link.email) } }, tx);
    });
    return this.#newSession(row.uid);
  }

  /**
   * Mails a sign-in link for each account the address manages. The answer is the same whether it
   * manages any, so the form tells nobody which addresses are parents.
   */
  async requestSignIn(email: string, address: string): Promise<{ validMinutes: number }> {
    const normalised = email.trim().toLowerCase();
    await this.deps.limiter.attempt([{ scope: 'parent:sign-in:address', subject: address, rule: PARENTAL_LIMITS.signInPerAddress }]);
    await this.deps.limiter.attempt([{ scope: 'parent:sign-in:email', subject: normalised, rule: PARENTAL_LIMITS.signInPerEmail }]);
    const validMinutes = Math.round(PARENT_LINK_TTL_MS / MINUTE);
    for (const link of await this.deps.parental.activeLinksOf(normalised)) await this.#mailLink(link.uid, 'sign_in', link.email, this.#lang(link));
    return { validMinutes };
  }

  /** The parent opens a sign-in link and gives the PIN (tries limited per account); the link is used up on success. */
  async signIn(token: string, pin: string, address: string): Promise<ParentSession> {
    const row = await this.#openToken(token, 'sign_in', address);
    await this.deps.limiter.attempt([{ scope: 'parent:pin:account', subject: String(row.uid), rule: PARENTAL_LIMITS.pinPerAccount }]);
    const link = await this.deps.parental.activeLink(row.uid);
    if (!link?.pinHash) throw new AppError(Errors.ParentLinkInvalid);
    if (!(await verify(link.pinHash, pin))) throw new AppError(Errors.ParentPinWrong);
    if (!(await this.deps.parental.claimToken(row.id, this.#at()))) throw new AppError(Errors.ParentLinkInvalid);
    await this.deps.limiter.forget('parent:pin:account', String(row.uid));
    return this.#newSession(row.uid);
  }

  /** The account a live parent session manages, or 10127. */
  async authenticate(sessionToken: string | undefined): Promise<{ uid: number; sessionId: number }> {
    if (!sessionToken) throw new AppError(Errors.ParentSignInRequired);
    const row = await this.deps.parental.token(hashToken(sessionToken), 'session');
    if (!row || row.usedAt || row.expiresAt.getTime() <= this.deps.now()) throw new AppError(Errors.ParentSignInRequired);
    if (!(await this.deps.parental.activeLink(row.uid))) throw new AppError(Errors.ParentSignInRequired);
    return { uid: row.uid, sessionId: row.id };
  }

  async signOut(sessionId: number): Promise<{ signedOut: boolean }> {
    await this.deps.parental.claimToken(sessionId, this.#at());
    return { signedOut: true };
  }

  #lang(link: Pick<ParentLinkRow, 'lang'>): LanguageCode {
    return isLanguageCode(link.lang) ? link.lang : DEFAULT_LANGUAGE;
  }

  /** The parent page: the child, the settings, this month's use, the orders and the notices. */
  async account(uid: number): Promise<ParentAccount> {
    const link = await this.deps.parental.activeLink(uid);
    if (!link) throw new AppError(Errors.ParentSignInRequired);
    const now = this.deps.now();
    const monthStart = limitPeriodStart('month', now)!;
    const monthEnd = limitPeriodReset('month', now)!;
    const [child, currencies, thisMonth, before, notices] = await Promise.all([
      this.#child(uid),
      this.deps.orders.offeredCurrencies(),
      this.deps.orders.paidOrdersOf(uid, { since: monthStart }, 200),
      this.deps.orders.paidOrdersOf(uid, { before: monthStart }, 50),
      this.deps.parental.notices(uid, 100),
    ]);
    const currency = link.limitCurrency ?? currencies[0] ?? null;
    const spent = currency ? await this.deps.orders.spentSince(uid, currency, monthStart, { includePaid: false }) : 0;
    return {
      child,
      email: link.email,
      lang: this.#lang(link),
      since: (link.confirmedAt ?? link.requestedAt).getTime(),
      monthlyLimitMinor: link.monthlyLimitMinor,
      currency,
      currencies,
      giftPacksAllowed: link.giftPacksAllowed,
      spentThisMonthMinor: spent,
      monthStartsAt: monthStart.getTime(),
      monthResetsAt: monthEnd.getTime(),
      ordersThisMonth: thisMonth.map(orderView),
      ordersBefore: before.map(orderView),
      notices: notices.map((n) => ({ orderNo: n.orderNo, kind: n.kind, priceMinor: n.priceMinor, currency: n.currency, createdAt: n.createdAt.getTime(), sentAt: n.sentAt ? n.sentAt.getTime() : null })),
    };
  }

  /** The parent changes settings; the change is audited with the settings before and after. */
  async settings(uid: number, input: SignedInput<typeof ParentSettingsBody>): Promise<ParentAccount> {
    if (input.noLimit && input.monthlyLimitMinor !== undefined) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'body/noLimit', rule: 'oneOf' }] });
    const before = await this.deps.parental.activeLink(uid);
    if (!before) throw new AppError(Errors.ParentSignInRequired);
    const values: Parameters<ParentalRepository['update']>[1] = {};
    if (input.noLimit) {
      values.monthlyLimitMinor = null;
    } else if (input.monthlyLimitMinor !== undefined) {
      const currency = input.currency ?? before.limitCurrency;
      const currencies = await this.deps.orders.offeredCurrencies();
      if (!currency || !currencies.includes(currency)) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'body/currency', rule: 'enum' }] });
      values.monthlyLimitMinor = input.monthlyLimitMinor;
      values.limitCurrency = currency;
    }
    if (input.giftPacksAllowed !== undefined) values.giftPacksAllowed = input.giftPacksAllowed;
    if (input.lang !== undefined) values.lang = input.lang;
    const shown = (l: ParentLinkRow) => ({ monthlyLimitMinor: l.monthlyLimitMinor, currency: l.limitCurrency, giftPacksAllowed: l.giftPacksAllowed, lang: l.lang });
    await this.deps.transaction(async (tx, parental) => {
      const after = await parental.update(uid, values, this.#at());
      if (!after) throw new AppError(Errors.ParentSignInRequired);
      await this.deps.audit({ actorName: PARENT_ACTOR, action: 'parent.settings', target: `user:${uid}`, before: shown(before), after: shown(after) }, tx);
    });
    return this.account(uid);
  }

  /** The parent unlinks: the limit, the switch and the notices stop; audited. */
  async unlink(uid: number): Promise<{ unlinked: boolean }> {
    const removed = await this.deps.transaction(async (tx, parental) => {
      const link = await parental.unlink(uid);
      if (link) await this.deps.audit({ actorName: PARENT_ACTOR, action: 'parent.unlink', target: `user:${uid}`, before: { parentManaged: true, parent: maskEmail(link.email) }, after: { parentManaged: false } }, tx);
      return link;
    });
    return { unlinked: Boolean(removed) };
  }

  /**
   * Mails the purchase notices not sent yet (of one account, or of all: the sweep after a crash or a
   * mail failure). Each is claimed before it is sent, so two processes never both mail it.
   */
  async sendNotices(uid?: number): Promise<number> {
    let sent = 0;
    for (const notice of await this.deps.parental.unsentNotices(uid, 100)) {
      const link = await this.deps.parental.activeLink(notice.uid);
      const at = this.#at();
      if (!(await this.deps.parental.markSent(notice.id, at))) continue;
      if (!link) continue;
      try {
        await this.deps.mails.send('parent-notice', {
          to: notice.email,
          lang: this.#lang(link),
          data: { ...(await this.#child(notice.uid)), orderNo: notice.orderNo, kind: notice.kind, priceMinor: notice.priceMinor, currency: notice.currency, creditedAt: notice.createdAt },
        });
        sent += 1;
      } catch (error) {
        await this.deps.parental.unmarkSent(notice.id);
        this.deps.log.error({ err: error, orderNo: notice.orderNo }, 'parent notice not sent; the sweep tries again');
      }
    }
    return sent;
  }

  async sweep(): Promise<number> {
    await this.deps.parental.deleteLapsedTokens(new Date(this.deps.now() - 7 * 24 * 60 * MINUTE));
    return this.sendNotices();
  }
}
