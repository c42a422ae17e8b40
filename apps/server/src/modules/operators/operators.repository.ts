import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { OperatorRole } from '@vsp/contract/operator-roles';
import type { Database } from '../../db/database';
import { operatorFactors, operatorRecoveryCodes } from './operator-factors.schema';
import { operatorInvitations } from './operator-invitations.schema';
import { operatorAccounts, setOperatorRoles, userNameOf } from '../accounts';
import { passkeyHolders } from '../passkeys';
import { lastSignIns } from '../sessions';

export type OperatorFactorRow = typeof operatorFactors.$inferSelect;
export type InvitationRow = typeof operatorInvitations.$inferSelect & { invitedByName: string | null };
export type OperatorRow = Awaited<ReturnType<typeof operatorAccounts>>[number] & { lastSignInAt: Date | null };

/** Operators' roles, second factors and recovery codes (decisions 0154, 0155). */
export class OperatorsRepository {
  constructor(private readonly db: Database) {}

  async confirmedFactors(uid: number): Promise<OperatorFactorRow[]> {
    return this.db
      .select()
      .from(operatorFactors)
      .where(and(eq(operatorFactors.uid, uid), isNotNull(operatorFactors.confirmedAt)))
      .orderBy(asc(operatorFactors.id));
  }

  /** The newest enrolment still waiting for its first code. */
  async pendingTotp(uid: number): Promise<OperatorFactorRow | undefined> {
    const [row] = await this.db
      .select()
      .from(operatorFactors)
      .where(and(eq(operatorFactors.uid, uid), eq(operatorFactors.kind, 'totp'), isNull(operatorFactors.confirmedAt)))
      .orderBy(desc(operatorFactors.id))
      .limit(1);
    return row;
  }

  /** A new enrolment replaces any earlier one that never got its first code. */
  async startTotp(uid: number, secret: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(operatorFactors).where(and(eq(operatorFactors.uid, uid), isNull(operatorFactors.confirmedAt)));
      await tx.insert(operatorFactors).values({ uid, kind: 'totp', secret });
    });
  }

  /** An authenticator app known in advance, confirmed at once: the demo seed's operator only. */
  async enrolConfirmedTotp(uid: number, secret: string, at: Date): Promise<void> {
    await this.db.insert(operatorFactors).values({ uid, kind: 'totp', secret, confirmedAt: at });
  }

  async confirm(id: number, step: number, at: Date): Promise<void> {
    await this.db.update(operatorFactors).set({ confirmedAt: at, lastStep: step }).where(eq(operatorFactors.id, id));
  }

  /** Accepts a code's time step once: answers false when that step (or a later one) was used already. */
  async useStep(id: number, step: number): Promise<boolean> {
    const rows = await this.db
      .update(operatorFactors)
      .set({ lastStep: step })
      .where(and(eq(operatorFactors.id, id), isNotNull(operatorFactors.confirmedAt), or(isNull(operatorFactors.lastStep), lt(operatorFactors.lastStep, step))))
      .returning({ id: operatorFactors.id });
    return rows.length === 1;
  }

  async replaceRecoveryCodes(uid: number, hashes: readonly string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.uid, uid));
      await tx.insert(operatorRecoveryCodes).values(hashes.map((codeHash, position) => ({ uid, codeHash, position })));
    });
  }

  async recoveryCodesLeft(uid: number): Promise<number> {
    const rows = await this.db
      .select({ id: operatorRecoveryCodes.id })
      .from(operatorRecoveryCodes)
      .where(and(eq(operatorRecoveryCodes.uid, uid), isNull(operatorRecoveryCodes.usedAt)));
    return rows.length;
  }

  /** Spends one unused recovery code; answers whether there was one with that hash. */
  async useRecoveryCode(uid: number, codeHash: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(operatorRecoveryCodes)
      .set({ usedAt: at })
      .where(and(eq(operatorRecoveryCodes.uid, uid), eq(operatorRecoveryCodes.codeHash, codeHash), isNull(operatorRecoveryCodes.usedAt)))
      .returning({ id: operatorRecoveryCodes.id });
    return rows.length === 1;
  }

  /** A lost factor (an administrator's reset): every factor and recovery code of the operator goes. */
  async removeFactors(uid: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(operatorFactors).where(eq(operatorFactors.uid, uid));
      await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.uid, uid));
    });
  }

  async list(): Promise<OperatorRow[]> {
    return this.#withLastSignIn(await operatorAccounts(this.db));
  }

  async find(uid: number): Promise<OperatorRow | undefined> {
    const [row] = await this.#withLastSignIn(await operatorAccounts(this.db, uid));
    return row;
  }

  async #withLastSignIn(accounts: Omit<OperatorRow, 'lastSignInAt'>[]): Promise<OperatorRow[]> {
    const last = await lastSignIns(this.db, accounts.map((a) => a.uid));
    return accounts.map((account) => ({ ...account, lastSignInAt: last.get(account.uid) ?? null }));
  }

  async factorKindsOf(uids: readonly number[]): Promise<Map<number, ('totp' | 'passkey')[]>> {
    const kinds = new Map<number, ('totp' | 'passkey')[]>();
    if (uids.length === 0) return kinds;
    const rows = await this.db
      .select({ uid: operatorFactors.uid, kind: operatorFactors.kind })
      .from(operatorFactors)
      .where(and(isNotNull(operatorFactors.confirmedAt), inArray(operatorFactors.uid, [...uids])))
      .orderBy(asc(operatorFactors.id));
    for (const row of rows) kinds.set(row.uid, [...(kinds.get(row.uid) ?? []), row.kind]);
    for (const uid of await passkeyHolders(this.db, uids)) kinds.set(uid, [...(kinds.get(uid) ?? []), 'passkey']);
    return kinds;
  }

  setRoles(uid: number, roles: readonly OperatorRole[]): Promise<void> {
    return setOperatorRoles(this.db, uid, roles);
  }

  async insertInvitation(values: { tokenHash: string; email: string; roles: OperatorRole[]; invitedBy: number; expiresAt: Date }): Promise<number> {
    const [row] = await this.db.insert(operatorInvitations).values(values).returning({ id: operatorInvitations.id });
    return row!.id;
  }

  async deleteInvitation(id: number): Promise<void> {
    await this.db.delete(operatorInvitations).where(eq(operatorInvitations.id, id));
  }

  /** Invitations neither accepted, cancelled nor expired at `at`, newest first; `id` or `tokenHash` narrows to one. */
  async openInvitations(at: Date, only: { id?: number; tokenHash?: string } = {}): Promise<InvitationRow[]> {
    const rows = await this.db
      .select({ invitation: operatorInvitations, invitedByName: userNameOf(operatorInvitations.invitedBy) })
      .from(operatorInvitations)
      .where(
        and(
          isNull(operatorInvitations.acceptedAt),
          isNull(operatorInvitations.cancelledAt),
          gt(operatorInvitations.expiresAt, at),
          only.id === undefined ? undefined : eq(operatorInvitations.id, only.id),
          only.tokenHash === undefined ? undefined : eq(operatorInvitations.tokenHash, only.tokenHash),
        ),
      )
      .orderBy(desc(operatorInvitations.id));
    return rows.map((row) => ({ ...row.invitation, invitedByName: row.invitedByName }));
  }

  /**
   * Closes an open invitation, as cancelled or as accepted by `acceptedUid`; answers whether it was
   * open. An accepted one keeps no address: the account holds it from then on, so erasing that
   * account leaves it nowhere here.
   */
  async closeInvitation(id: number, at: Date, acceptedUid?: number): Promise<boolean> {
    const rows = await this.db
      .update(operatorInvitations)
      .set(acceptedUid === undefined ? { cancelledAt: at } : { acceptedAt: at, acceptedUid, email: '' })
      .where(and(eq(operatorInvitations.id, id), isNull(operatorInvitations.acceptedAt), isNull(operatorInvitations.cancelledAt)))
      .returning({ id: operatorInvitations.id });
    return rows.length === 1;
  }

  /** Cancels every open invitation to `email` (any letter case), in one statement. */
  async cancelOpenInvitationsTo(email: string, at: Date): Promise<void> {
    await this.db
      .update(operatorInvitations)
      .set({ cancelledAt: at })
      .where(and(sql`lower(${operatorInvitations.email}) = ${email.toLowerCase()}`, isNull(operatorInvitations.acceptedAt), isNull(operatorInvitations.cancelledAt)));
  }
}
