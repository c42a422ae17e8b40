import { createHmac, randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import type { Passkey } from '@vsp/contract/endpoints/passkeys';
import { signsEqual } from '@vsp/contract/signing';
import type { Transaction } from '../../db/database';
import type { InTransaction } from '../../shared/in-transaction';
import type { KeyValueStore } from '../../shared/key-value-store';
import type { AuditTrail } from '../audit';
import type { PasskeyRow, PasskeysRepository } from './passkeys.repository';

/** How long the browser has between the options and its answer. */
const CHALLENGE_TTL_MS = 5 * 60_000;

export interface PasskeysDeps {
  passkeys: PasskeysRepository;
  /** A passkey stored or removed with its audit entry, in one transaction. */
  transaction: InTransaction<PasskeysRepository>;
  /** A player's passkey added or removed changes how the account signs in: audited (issue 30). */
  audit: AuditTrail;
  store: KeyValueStore;
  now: () => number;
  /** The site's own address: its host is the relying party's ID, its origin the one a passkey answers for. */
  publicUrl: string;
  rpName: string;
  /** Signs the challenges, so the server keeps none of them (DEVICE_SECRET). */
  secret: string;
}

type Purpose = 'register' | 'sign-in';

const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/**
 * Passkeys (WebAuthn, decision 0156) with SimpleWebAuthn. The challenge is a signed, expiring,
 * one-time token (`purpose.uid.expiry.random.mac`), so nothing is stored between the options and
 * the answer; its random part is spent in the key-value store when it is used.
 */
export class PasskeysService {
  readonly #rpID: string;
  readonly #origin: string;

  constructor(private readonly deps: PasskeysDeps) {
    const url = new URL(deps.publicUrl);
    this.#rpID = url.hostname;
    this.#origin = url.origin;
  }

  #mac(payload: string): string {
    return createHmac('sha256', `passkey-challenge:${this.deps.secret}`).update(payload).digest('base64url');
  }

  #challenge(purpose: Purpose, uid: number): string {
    const payload = `${purpose}.${uid}.${this.deps.now() + CHALLENGE_TTL_MS}.${randomBytes(16).toString('base64url')}`;
    return `${payload}.${this.#mac(payload)}`;
  }

  /** Whether the challenge the authenticator signed is one of ours, for this purpose and account, unexpired and unused. */
  async #challengeOk(challenge: string, purpose: Purpose, uid: number): Promise<boolean> {
    const token = Buffer.from(challenge, 'base64url').toString('utf8');
    const parts = token.split('.');
    if (parts.length !== 5) return false;
    const [tokenPurpose, tokenUid, expiry, random, mac] = parts as [string, string, string, string, string];
    if (!signsEqual(this.#mac(parts.slice(0, 4).join('.')), mac)) return false;
    if (tokenPurpose !== purpose || tokenUid !== String(uid) || Number(expiry) < this.deps.now()) return false;
    return this.deps.store.setIfAbsent(`passkey-challenge:${random}`, CHALLENGE_TTL_MS);
  }

  async registrationOptions(user: { uid: number; userName: string; nickname: string }) {
    const existing = await this.deps.passkeys.listOf(user.uid);
    return generateRegistrationOptions({
      rpName: this.deps.rpName,
      rpID: this.#rpID,
      userName: user.userName,
      userDisplayName: user.nickname,
      userID: new TextEncoder().encode(String(user.uid)),
      challenge: this.#challenge('register', user.uid),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
  }

  /** Checks the authenticator's answer to the options and keeps the new passkey; 40103 when it does not hold. */
  async register(uid: number, credential: RegistrationResponseJSON, record?: (tx: Transaction, row: PasskeyRow) => Promise<void>): Promise<PasskeyRow> {
    const result = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: (challenge) => this.#challengeOk(challenge, 'register', uid),
      expectedOrigin: this.#origin,
      expectedRPID: this.#rpID,
      requireUserVerification: false,
    }).catch(() => undefined);
    if (!result?.verified) throw new AppError(Errors.SecondFactorRefused);
    const { credential: made } = result.registrationInfo;
    return this.deps.transaction(async (tx, passkeys) => {
      const row = await passkeys.insert({
        uid,
        credentialId: made.id,
        publicKey: toBase64Url(made.publicKey),
        counter: made.counter,
        transports: made.transports ?? [],
        createdAt: new Date(this.deps.now()),
      });
      if (!row) throw new AppError(Errors.SecondFactorRefused);
      await record?.(tx, row);
      return row;
    });
  }

  /** A player adds a passkey to sign in with: stored with its audit entry. */
  add(uid: number, credential: RegistrationResponseJSON): Promise<PasskeyRow> {
    return this.register(uid, credential, (tx, row) => this.deps.audit({ actorUid: uid, action: 'passkey.add', target: `user:${uid}`, before: null, after: { passkey: row.id } }, tx));
  }

  /** Options for signing in: the account's own passkeys (an operator's second factor), or any passkey on the device (a player's sign-in, uid 0). */
  async authenticationOptions(uid: number) {
    const allow = uid ? await this.deps.passkeys.listOf(uid) : [];
    return generateAuthenticationOptions({
      rpID: this.#rpID,
      challenge: this.#challenge('sign-in', uid),
      allowCredentials: allow.map((row) => ({ id: row.credentialId, transports: row.transports as never })),
      userVerification: 'preferred',
    });
  }

  /**
   * Checks a signed challenge from `authenticationOptions(uid)`: answers the account whose passkey
   * signed it (for uid 0, whoever's it is; otherwise it must be that account's). 40103 otherwise.
   */
  async authenticate(credential: AuthenticationResponseJSON, uid: number): Promise<{ uid: number; passkeyId: number }> {
    const row = await this.deps.passkeys.findByCredentialId(credential.id);
    if (!row || (uid && row.uid !== uid)) throw new AppError(Errors.SecondFactorRefused);
    const result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: (challenge) => this.#challengeOk(challenge, 'sign-in', uid),
      expectedOrigin: this.#origin,
      expectedRPID: this.#rpID,
      credential: { id: row.credentialId, publicKey: fromBase64Url(row.publicKey), counter: row.counter, transports: row.transports as never },
      requireUserVerification: false,
    }).catch(() => undefined);
    if (!result?.verified) throw new AppError(Errors.SecondFactorRefused);
    await this.deps.passkeys.used(row.id, result.authenticationInfo.newCounter, new Date(this.deps.now()));
    return { uid: row.uid, passkeyId: row.id };
  }

  async list(uid: number): Promise<Passkey[]> {
    return (await this.deps.passkeys.listOf(uid)).map((row) => ({ id: row.id, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null }));
  }

  /** A player removes one of their passkeys: gone with its audit entry. */
  async remove(uid: number, id: number): Promise<void> {
    await this.deps.transaction(async (tx, passkeys) => {
      if (!(await passkeys.remove(uid, id))) throw new AppError(Errors.NotFound);
      await this.deps.audit({ actorUid: uid, action: 'passkey.remove', target: `user:${uid}`, before: { passkey: id }, after: null }, tx);
    });
  }
}
