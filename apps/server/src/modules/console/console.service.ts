import { AppError } from '@vsp/contract/app-error';
import type { AuditEntry, ConsoleUser, ReviewDecision, ReviewQueue } from '@vsp/contract/endpoints/console';
import type { Campaign } from '@vsp/contract/endpoints/gift-codes';
import type { RechargeStatus } from '@vsp/contract/endpoints/recharge';
import { Errors } from '@vsp/contract/error-codes';
import type { AccountsRepository, UserRow } from '../accounts';
import type { GiftCodesService, NewCampaignInput } from '../gift-codes';
import type { MusicRepository } from '../music';
import type { OutfitsService } from '../outfits';
import type { RechargeService } from '../recharge';
import type { SessionsRepository } from '../sessions';
import type { UploadsService } from '../uploads';
import type { ConsoleRepository } from './console.repository';

const QUEUE_LIMIT = 100;

export interface ConsoleDeps {
  console: ConsoleRepository;
  accounts: AccountsRepository;
  sessions: SessionsRepository;
  music: MusicRepository;
  outfits: OutfitsService;
  uploads: Pick<UploadsService, 'objectUrl'>;
  recharge: Pick<RechargeService, 'status' | 'setSwitches'>;
  gifts: Pick<GiftCodesService, 'createCampaign'>;
  now: () => number;
}

/**
 * What operators do in the console. Every change writes one audit entry: who (the operator's
 * account ID), what (action and target), when, and the state before and after.
 */
export class ConsoleService {
  constructor(private readonly deps: ConsoleDeps) {}

  private audit(actorUid: number, action: string, target: string, before: unknown, after: unknown) {
    return this.deps.console.audit({ actorUid, action, target, before, after, at: new Date(this.deps.now()) });
  }

  async reviewQueue(origin: string): Promise<ReviewQueue> {
    const [music, outfits] = await Promise.all([this.deps.console.pendingMusic(QUEUE_LIMIT), this.deps.console.pendingOutfits(QUEUE_LIMIT)]);
    return {
      music: music.map(({ song, userName }) => ({
        id: song.id,
        uid: song.uid,
        userName,
        songName: song.songName,
        singer: song.singer,
        language: song.language,
        durationSeconds: song.durationMs / 1000,
        size: song.sizeBytes,
        url: this.deps.uploads.objectUrl(song.objectKey, origin),
        createdAt: song.createdAt.getTime(),
      })),
      outfits: outfits.map(({ outfit, userName }) => ({
        id: outfit.id,
        uid: outfit.uid,
        userName,
        gender: outfit.gender,
        componentType: outfit.componentType,
        size: outfit.size,
        url: this.deps.uploads.objectUrl(outfit.objectKey, origin),
        createdAt: outfit.createdAt.getTime(),
      })),
    };
  }

  private static reasonOf(decision: ReviewDecision, reason: string | undefined): string | null {
    if (decision === 'approved') return null;
    const trimmed = reason?.trim() ?? '';
    if (!trimmed) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'reason', rule: 'required' }] });
    return trimmed;
  }

  async reviewMusic(actorUid: number, id: number, decision: ReviewDecision, reason?: string) {
    const why = ConsoleService.reasonOf(decision, reason);
    const before = await this.deps.console.musicById(id);
    if (!before) throw new AppError(Errors.NotFound);
    await this.deps.music.review(id, { state: decision, reason: why, reviewedBy: actorUid, at: new Date(this.deps.now()) });
    await this.audit(actorUid, `music.${decision === 'approved' ? 'approve' : 'reject'}`, `music:${id}`, { state: before.state, reason: before.reviewReason }, { state: decision, reason: why });
    return { id, state: decision, reason: why };
  }

  async reviewOutfit(actorUid: number, id: number, decision: ReviewDecision, reason?: string) {
    const why = ConsoleService.reasonOf(decision, reason);
    const before = await this.deps.console.outfitById(id);
    if (!before || before.uploadStatus !== 'success') throw new AppError(Errors.NotFound);
    await this.deps.outfits.review(id, decision, why);
    await this.audit(actorUid, `outfit.${decision === 'approved' ? 'approve' : 'reject'}`, `outfit:${id}`, { state: before.reviewState, reason: before.reviewReason }, { state: decision, reason: why });
    return { id, state: decision, reason: why };
  }

  private async toUser(row: UserRow): Promise<ConsoleUser> {
    const live = await this.deps.sessions.listLiveOf(row.uid, new Date(this.deps.now()));
    return {
      uid: row.uid,
      userName: row.userName,
      email: row.email,
      nickname: row.nickname,
      role: row.role,
      blocked: row.blocked,
      createdAt: row.createdAt.getTime(),
      liveSessions: live.length,
    };
  }

  /** By account ID (all digits), else by user name or e-mail. */
  async searchUsers(q: string): Promise<ConsoleUser[]> {
    const query = q.trim();
    const found: UserRow[] = [];
    if (/^\d{1,15}$/.test(query)) {
      const byUid = await this.deps.accounts.findByUid(Number(query));
      if (byUid) found.push(byUid);
    }
    const byLogin = query ? await this.deps.accounts.findByLogin(query) : undefined;
    if (byLogin && !found.some((u) => u.uid === byLogin.uid)) found.push(byLogin);
    return Promise.all(found.map((row) => this.toUser(row)));
  }

  async setBlocked(actorUid: number, uid: number, blocked: boolean): Promise<ConsoleUser> {
    const before = await this.deps.accounts.findByUid(uid);
    if (!before) throw new AppError(Errors.NotFound);
    const after = (await this.deps.accounts.setBlocked(uid, blocked))!;
    await this.audit(actorUid, blocked ? 'user.block' : 'user.unblock', `user:${uid}`, { blocked: before.blocked }, { blocked: after.blocked });
    return this.toUser(after);
  }

  async revokeSessions(actorUid: number, uid: number): Promise<ConsoleUser> {
    const user = await this.deps.accounts.findByUid(uid);
    if (!user) throw new AppError(Errors.NotFound);
    const at = new Date(this.deps.now());
    const live = await this.deps.sessions.listLiveOf(uid, at);
    await this.deps.sessions.revokeAllOf(uid, at);
    await this.audit(actorUid, 'user.revoke-sessions', `user:${uid}`, { liveSessions: live.length }, { liveSessions: 0 });
    return this.toUser(user);
  }

  async recentAudit(limit: number): Promise<AuditEntry[]> {
    const rows = await this.deps.console.recentAudit(limit);
    return rows.map((r) => ({ id: r.id, actorUid: r.actorUid, actorName: r.actorName, action: r.action, target: r.target, before: r.before, after: r.after, at: r.at.getTime() }));
  }

  /** The maintenance switch, its window and the iOS notice, audited with the state before and after. */
  async setSwitches(actorUid: number, input: Parameters<RechargeService['setSwitches']>[0]): Promise<RechargeStatus> {
    const before = await this.deps.recharge.status();
    const after = await this.deps.recharge.setSwitches(input);
    await this.audit(actorUid, 'settings.switches', 'settings:recharge', before, after);
    return after;
  }

  async createCampaign(actorUid: number, input: NewCampaignInput): Promise<Campaign> {
    const campaign = await this.deps.gifts.createCampaign(input);
    await this.audit(actorUid, 'campaign.create', `campaign:${campaign.id}`, null, campaign);
    return campaign;
  }
}
