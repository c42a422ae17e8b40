import pLimit from 'p-limit';
import type { SignedInput } from '../../plugins/signature';
import { AppError } from '@vsp/contract/app-error';
import type { Campaign, CampaignState, CampaignUpdateBody, CreateCampaignBody, Redemption } from '@vsp/contract/endpoints/gift-codes';
import { Errors } from '@vsp/contract/error-codes';
import { GIFT_CODES_PER_REQUEST_MAX } from '@vsp/contract/integers';
import { eventLoopTurn } from '../../shared/event-loop-turn';
import { randomCode } from '../../shared/random-code';
import type { Transaction } from '../../db/database';
import type { AuditTrail } from '../audit';
import type { WalletRepository } from '../wallet';
import type { CampaignRow, GiftCodesRepository } from './gift-codes.repository';

/** 16 symbols of 32: 80 random bits per code, so guessing one among millions is hopeless. */
export const UNIQUE_CODE_LENGTH = 16;

export type CodeRow = Awaited<ReturnType<GiftCodesRepository['codesPage']>>[number];

export interface GiftTx {
  gifts: GiftCodesRepository;
  wallet: WalletRepository;
  /** The transaction itself, for the audit entry of an operator's change. */
  on: Transaction;
}

export interface GiftCodesServiceDeps {
  gifts: GiftCodesRepository;
  transaction: <T>(work: (tx: GiftTx) => Promise<T>) => Promise<T>;
  /** Where an operator's changes to campaigns are recorded. */
  audit: AuditTrail;
  now?: () => number;
}

export type NewCampaignInput = SignedInput<typeof CreateCampaignBody>;

/**
 * Codes written by one statement, and read by one for an export. PGlite runs a statement in the
 * API's own thread and PostgreSQL's client builds and parses it there: statements of these sizes
 * hold the event loop for under 10 ms on a quiet machine, well below the 50 ms that long operator
 * work may hold it at a time (decision 0143). The work yields to the event loop after each.
 */
export const CODES_PER_WRITE = 250;
export const CODES_PER_READ = 1000;

/**
 * How long a campaign may take to be written before it counts as abandoned: far beyond what
 * GIFT_CODES_PER_REQUEST_MAX codes take even on a loaded machine. It bounds only how long the rows
 * of a dead creation linger unseen; a creation slower than this fails instead of completing.
 */
export const CAMPAIGN_PENDING_MS = 60 * 60_000;

/** How long a process repeats a campaign's "fully claimed" without asking the database again. */
const CLAIMED_OUT_MEMORY_MS = 1000;

/**
 * Redemption transactions one process runs at once: two fewer than its connection pool (10), so a
 * race of redemptions never holds every connection and other requests still get one. The rest wait
 * in this process, where they meet the "fully claimed" memory before opening a transaction.
 */
export const REDEMPTION_TRANSACTIONS_MAX = 8;

/** Thrown inside the redemption transaction to roll it back with the outcome the payer sees. */
function refuse(code: (typeof Errors)['GiftPackFullyClaimed' | 'GiftCodeAlreadyUsed' | 'GiftPackAlreadyRedeemed']): never {
  throw new AppError(code);
}

/**
 * Gift campaigns and redemption. A redemption is one transaction of guarded statements: one per
 * account and campaign (unique index), a single-use code taken once (conditional update), the grant
 * through the ledger, then the cap counted under the campaign row's lock (conditional update) last,
 * so that the one row every winner of a race needs is locked only until the commit right after it.
 * PostgreSQL's row locks make this hold across any number of API processes.
 *
 * An operator's change to a campaign (`actorUid` given) writes one audit entry with the campaign
 * before and after; the demo seed, the benchmarks and tests pass no actor.
 */
export class GiftCodesService {
  readonly #now: () => number;
  /**
   * Campaigns this process saw refuse a claim for their cap, until when (wall clock). Only the
   * database's guarded count ever says "fully claimed" first; this memory only repeats it for a
   * moment, so the hundreds of losers of a race are refused without waiting on the campaign row. A
   * cap raised by an operator through this process clears it; other processes learn it within
   * CLAIMED_OUT_MEMORY_MS (decision 0137).
   */
  readonly #claimedOut = new Map<number, number>();
  /** The queue in front of the redemption transactions (REDEMPTION_TRANSACTIONS_MAX at once). */
  readonly #redemptions = pLimit(REDEMPTION_TRANSACTIONS_MAX);

  constructor(private readonly deps: GiftCodesServiceDeps) {
    this.#now = deps.now ?? Date.now;
  }

  #isClaimedOut(campaignId: number): boolean {
    const until = this.#claimedOut.get(campaignId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.#claimedOut.delete(campaignId);
    return false;
  }

  /**
   * Creates a campaign with its shared code or its single-use codes, whole or not at all (decision
   * 0143): the campaign is written pending, its codes a statement at a time with the event loop
   * free between them, and one statement shows it. Until then it is not listed and its codes answer
   * as unknown; if this process dies or fails first, the campaign stays unseen and the next
   * creation deletes it.
   */
  async createCampaign(input: NewCampaignInput, actorUid: number | null = null): Promise<Campaign> {
    const startsAt = new Date(input.startsAt);
    const endsAt = new Date(input.endsAt);
    const shared = input.sharedCode !== undefined;
    if (shared === (input.uniqueCount !== undefined) || !(endsAt > startsAt)) {
      throw new AppError(Errors.ValidationFailed, { fields: [{ field: shared ? 'uniqueCount' : 'sharedCode', rule: 'oneOf' }] });
    }
    const sharedTaken = () => new AppError(Errors.ValidationFailed, { fields: [{ field: 'sharedCode', rule: 'unique' }] });
    if (shared && (await this.deps.gifts.findCode(input.sharedCode!))) throw sharedTaken();
    const { gifts } = this.deps;
    // The campaigns whose creation was abandoned go first, with their codes.
    for (const id of await gifts.abandonedCampaigns()) await this.#deleteAbandonedCampaign(id);
    const campaign = await gifts.insertPendingCampaign(
      {
        name: input.name,
        contents: input.contents,
        startsAt,
        endsAt,
        totalCap: input.totalCap,
        codeKind: shared ? 'shared' : 'unique',
        redemptionGroup: input.redemptionGroup ?? null,
      },
      CAMPAIGN_PENDING_MS,
    );
    try {
      // A shared code taken by a campaign made meanwhile fails this one rather than leave it without its code.
      if (shared && (await gifts.insertCodes(campaign.id, [input.sharedCode!])) === 0) throw sharedTaken();
      if (!shared) await this.generateCodes(campaign.id, input.uniqueCount!);
      // The statement that shows the campaign, and its audit entry, commit together.
      return await this.deps.transaction(async (tx) => {
        if (!(await tx.gifts.completeCampaign(campaign.id))) throw new Error(`campaign ${campaign.id} took longer than ${CAMPAIGN_PENDING_MS} ms to write and was abandoned`);
        const created = (await this.#campaignOn(tx.gifts, campaign.id))!;
        if (actorUid !== null) await this.deps.audit({ actorUid, action: 'campaign.create', target: `campaign:${created.id}`, before: null, after: created }, tx.on);
        return created;
      });
    } catch (error) {
      // Unseen either way; deleted now if the database answers, else by the next creation.
      await gifts
        .abandonCampaign(campaign.id)
        .then(() => this.#deleteAbandonedCampaign(campaign.id))
        .catch(() => undefined);
      throw error;
    }
  }

  /** Deletes a campaign whose creation was abandoned, with its codes, a statement at a time. */
  async #deleteAbandonedCampaign(id: number): Promise<void> {
    while ((await this.deps.gifts.deleteAbandonedCodes(id, CODES_PER_WRITE)) > 0) await eventLoopTurn();
    await this.deps.gifts.deleteAbandonedCampaign(id);
  }

  /**
   * A change to an existing campaign (40400 when unknown) in one transaction with its audit entry
   * when an operator made it. `change` writes through the transaction's repository.
   */
  async #change(id: number, actorUid: number | null, action: string, change: (current: Campaign, gifts: GiftCodesRepository) => Promise<void>): Promise<Campaign> {
    const before = await this.campaign(id);
    if (!before) throw new AppError(Errors.NotFound);
    return this.deps.transaction(async (tx) => {
      await change(before, tx.gifts);
      const after = (await this.#campaignOn(tx.gifts, id))!;
      if (actorUid !== null) await this.deps.audit({ actorUid, action, target: `campaign:${id}`, before, after }, tx.on);
      return after;
    });
  }

  /**
   * Generates `count` single-use codes, CODES_PER_WRITE to a statement, yielding to the event
   * loop after each (decision 0143); a collision (never expected) is simply redrawn. Bounded twice:
   * the count (1..GIFT_CODES_PER_REQUEST_MAX, whatever the caller validated) and the rounds, so that
   * a store that stops taking codes ends in an error instead of a loop for ever.
   */
  async generateCodes(campaignId: number, count: number): Promise<number> {
    if (!Number.isSafeInteger(count) || count < 1 || count > GIFT_CODES_PER_REQUEST_MAX) {
      throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'count', rule: 'maximum' }] });
    }
    const maxRounds = 2 * Math.ceil(count / CODES_PER_WRITE) + 10;
    let made = 0;
    for (let round = 0; made < count; round++) {
      if (round >= maxRounds) throw new Error(`gift code generation stalled at ${made} of ${count}`);
      const batch = Array.from({ length: Math.min(CODES_PER_WRITE, count - made) }, () => randomCode(UNIQUE_CODE_LENGTH));
      made += await this.deps.gifts.insertCodes(campaignId, batch);
      await eventLoopTurn();
    }
    return made;
  }

  async campaign(id: number): Promise<Campaign | undefined> {
    return this.#campaignOn(this.deps.gifts, id);
  }

  async #campaignOn(gifts: GiftCodesRepository, id: number): Promise<Campaign | undefined> {
    const now = this.#now();
    return (await gifts.campaigns(id)).map((c) => campaignView(c, c.sharedCode, now))[0];
  }

  /**
   * Moves a campaign's window or changes its cap. The cap never goes below what was already
   * claimed, and the window must end after it starts (40000 naming the field).
   */
  updateCampaign(id: number, change: Omit<SignedInput<typeof CampaignUpdateBody>, 'id'>, actorUid: number | null = null): Promise<Campaign> {
    return this.#change(id, actorUid, 'campaign.update', async (current, gifts) => {
      const startsAt = new Date(change.startsAt ?? current.startsAt);
      const endsAt = new Date(change.endsAt ?? current.endsAt);
      if (!(endsAt > startsAt)) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'endsAt', rule: 'afterStart' }] });
      const totalCap = change.totalCap ?? current.totalCap;
      if (change.clearRedemptionGroup && change.redemptionGroup !== undefined) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'clearRedemptionGroup', rule: 'oneOf' }] });
      // A new group counts from now: redemptions made before keep the group they were made in.
      const redemptionGroup = change.clearRedemptionGroup ? null : (change.redemptionGroup ?? current.redemptionGroup);
      // Checked again in the statement itself, against a claim landing meanwhile.
      if (!(await gifts.updateCampaign(id, { startsAt, endsAt, totalCap, redemptionGroup }))) {
        throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'totalCap', rule: 'belowClaimed' }] });
      }
      this.#claimedOut.delete(id);
    });
  }

  /** N more single-use codes for a unique-code campaign (a shared-code one has its one code). */
  async addCodes(id: number, count: number, actorUid: number | null = null): Promise<Campaign> {
    const before = await this.campaign(id);
    if (!before) throw new AppError(Errors.NotFound);
    if (before.codeKind !== 'unique') throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'id', rule: 'uniqueCodesOnly' }] });
    // Many statements with the event loop free between them (decision 0143), not one transaction
    // holding a connection (PGlite's only one) for all of them: the entry follows the last code.
    await this.generateCodes(id, count);
    return this.deps.transaction(async (tx) => {
      const after = (await this.#campaignOn(tx.gifts, id))!;
      if (actorUid !== null) await this.deps.audit({ actorUid, action: 'campaign.add-codes', target: `campaign:${id}`, before, after }, tx.on);
      return after;
    });
  }

  /** Disables a campaign for good; redeeming its codes then answers 280001002. */
  disableCampaign(id: number, actorUid: number | null = null): Promise<Campaign> {
    return this.#change(id, actorUid, 'campaign.disable', async (current, gifts) => {
      if (!current.disabled) await gifts.disableCampaign(id, new Date(this.#now()));
    });
  }

  async campaigns(): Promise<Campaign[]> {
    const now = this.#now();
    return (await this.deps.gifts.campaigns()).map((c) => campaignView(c, c.sharedCode, now));
  }

  /**
   * The codes of a campaign (none for an unknown or pending one) in code order: read
   * CODES_PER_READ at a time, each page handed to `take` before the next is read, with a turn of
   * the event loop between pages (decision 0143).
   */
  async #eachCodesPage(campaignId: number, take: (page: CodeRow[]) => void): Promise<void> {
    for (let after = ''; ; ) {
      const page = await this.deps.gifts.codesPage(campaignId, after, CODES_PER_READ);
      take(page);
      if (page.length < CODES_PER_READ) return;
      after = page.at(-1)!.code;
      await eventLoopTurn();
    }
  }

  async codesOf(campaignId: number): Promise<CodeRow[]> {
    const codes: CodeRow[] = [];
    await this.#eachCodesPage(campaignId, (page) => codes.push(...page));
    return codes;
  }

  /**
   * The CSV export's answer: the codes of a campaign as JSON text, serialised a page at a time as
   * it is read (one serialisation of a million codes would hold the event loop for a second).
   * The same text the response schema's serializer writes for `codesOf`.
   */
  async codesJson(campaignId: number): Promise<string> {
    const pages: string[] = [];
    await this.#eachCodesPage(campaignId, (page) => {
      if (page.length > 0) pages.push(JSON.stringify(page).slice(1, -1));
    });
    return `[${pages.join(',')}]`;
  }

  /**
   * Redeems a code for an account. Outcomes: success, or 280001001 invalid, 280001006 not started
   * yet, 280001002 expired, 280001003 fully claimed, 280001004 code already used, 280001005 this
   * account already has it (this campaign, or another of its redemption group);
   * (The route limits guessing: 42900 per redeemer and account, and per address.)
   */
  async redeem(uid: number, code: string): Promise<Redemption> {
    // One read; its answers are checked in the order the refusals rank.
    const found = await this.deps.gifts.redemptionContext(code, uid);
    if (!found) throw new AppError(Errors.AccountIdNotFound);
    if (found.blocked) throw new AppError(Errors.AccountBlocked);
    if (!found.code || !found.campaign) throw new AppError(Errors.GiftCodeInvalid);
    const { campaign } = found;
    const now = this.#now();
    if (now < campaign.startsAt.getTime()) throw new AppError(Errors.GiftPackNotStarted);
    // A disabled campaign ended early: its codes answer like an expired one.
    if (now >= campaign.endsAt.getTime() || campaign.disabledAt) throw new AppError(Errors.GiftPackExpired);
    // Cheap answers first; the transaction below decides for real.
    if (found.redeemed) throw new AppError(Errors.GiftPackAlreadyRedeemed);
    if (found.code.usedBy !== null) throw new AppError(found.code.usedBy === uid ? Errors.GiftPackAlreadyRedeemed : Errors.GiftCodeAlreadyUsed);
    if (campaign.claimed >= campaign.totalCap) throw new AppError(Errors.GiftPackFullyClaimed);

    // The losers of a race stop here, or when their turn for a transaction comes, rather than in
    // the queue for the campaign row's lock (see #claimedOut and #redemptions).
    if (this.#isClaimedOut(campaign.id)) throw new AppError(Errors.GiftPackFullyClaimed);
    await this.#redemptions(() => this.#redeemInTransaction(uid, code, campaign, now));
    return { campaign: campaign.name, contents: campaign.contents };
  }

  /** The redemption's one transaction, once its turn came (see #redemptions). */
  async #redeemInTransaction(uid: number, code: string, campaign: CampaignRow, now: number): Promise<void> {
    if (this.#isClaimedOut(campaign.id)) refuse(Errors.GiftPackFullyClaimed);
    await this.deps.transaction(async ({ gifts, wallet }) => {
      // One guarded insert: a second redemption of this campaign, or of its group, conflicts.
      const redemptionId = await gifts.insertRedemption(campaign.id, uid, code, campaign.redemptionGroup);
      if (redemptionId === undefined) refuse(Errors.GiftPackAlreadyRedeemed);
      if (campaign.codeKind === 'unique' && !(await gifts.claimCode(code, uid, new Date(now)))) refuse(Errors.GiftCodeAlreadyUsed);
      await wallet.grant(uid, campaign.contents, `redemption:${redemptionId}`, 'gift_code');
      if (!(await gifts.countClaim(campaign.id))) {
        this.#claimedOut.set(campaign.id, Date.now() + CLAIMED_OUT_MEMORY_MS);
        refuse(Errors.GiftPackFullyClaimed);
      }
    });
  }
}

/** Whether a campaign's codes redeem at `now`, in the order the redemption checks refuse them. */
export function campaignState(c: Pick<CampaignRow, 'startsAt' | 'endsAt' | 'totalCap' | 'claimed' | 'disabledAt'>, now: number): CampaignState {
  if (c.disabledAt) return 'disabled';
  if (now >= c.endsAt.getTime()) return 'ended';
  if (now < c.startsAt.getTime()) return 'scheduled';
  if (c.claimed >= c.totalCap) return 'claimed_out';
  return 'active';
}

function campaignView(c: CampaignRow, sharedCode: string | null, now: number): Campaign {
  return {
    id: c.id,
    name: c.name,
    contents: c.contents,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    totalCap: c.totalCap,
    claimed: c.claimed,
    remaining: Math.max(0, c.totalCap - c.claimed),
    disabled: c.disabledAt !== null,
    state: campaignState(c, now),
    codeKind: c.codeKind,
    codes: c.codeCount,
    sharedCode,
    redemptionGroup: c.redemptionGroup,
  };
}
