import type { PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/database';

/** Whom an export or an erasure is about: the account as it is before any erasure. */
export interface Person {
  uid: number;
  email: string;
  userName: string;
  nickname: string;
}

/** One file of the data export: where it goes in the archive, what it holds (for the archive's README), its JSON. */
export interface ExportFile {
  path: string;
  about: string;
  content: unknown;
}

/** What an erasure hands each module's part, in one transaction across all of them. */
export interface Erasure {
  person: Person;
  tx: Transaction;
  at: Date;
  /** The name the account keeps (`deleted-<uid>`), and the address that replaces theirs wherever text keeps its place. */
  pseudonym: string;
  pseudonymousEmail: string;
  /**
   * Every address of the person known so far, lower case: the account's, then those a part found
   * (the receipt addresses of the orders they placed). Parts of a later stage remove them.
   */
  addresses: Set<string>;
  /**
   * Deletes stored objects (uploads) and aborts open multipart uploads. A part calls it before its
   * rows go: an object store failure then undoes the whole erasure, to be tried again next sweep.
   */
  removeObjects(objects: { keys: readonly string[]; openUploads?: readonly { key: string; storageUploadId: string }[] }): Promise<void>;
  /** How many rows of each kind went, for the audit entry of the erasure. */
  count(kind: string, rows: number): void;
}

/**
 * A module's share of a player's data (issue 29, decision 0160): every module whose tables hold
 * something about a person implements it, and the data export and the erasure ask each module
 * through it, never reading the module's tables themselves. A module holding personal data without
 * declaring its tables here fails `personal-data.test.ts`.
 */
export interface PersonalData {
  /**
   * The module's tables that name a person (a uid, an address, who did something): each is in the
   * export where the person may see it, and handled by `erase` (removed, emptied, or kept under the
   * pseudonym for accounting, saying why).
   */
  tables: readonly PgTable[];
  /** The module's files of the export archive; `objectUrl` links an upload instead of copying it. */
  export?(person: Person, tools: { objectUrl(key: string): string }): Promise<ExportFile[]>;
  erase(erasure: Erasure): Promise<void>;
  /**
   * When its erasure runs: `content` (the default: what the person made or owns, removed), then
   * `mentions` (records of others that name the person, once every address of theirs is known),
   * then `identity` (the account itself becomes the pseudonym). Within a stage, modules run in the
   * reverse of their order in app.ts, so rows that point at another module's rows go first.
   */
  stage?: 'content' | 'mentions' | 'identity';
}

export const ERASURE_STAGES = ['content', 'mentions', 'identity'] as const;

/** `text` with every one of `addresses` (lower case) replaced, whatever its case. */
export function withoutAddresses(text: string, addresses: Iterable<string>, replacement: string): string {
  let out = text;
  for (const address of addresses) out = out.replace(new RegExp(address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), replacement);
  return out;
}

/**
 * A stored JSON value without the person: a string that is their user name or nickname becomes the
 * pseudonym, their addresses inside any string become the pseudonymous address.
 */
export function withoutPerson(value: unknown, erasure: Pick<Erasure, 'person' | 'pseudonym' | 'pseudonymousEmail' | 'addresses'>): unknown {
  const names = new Set([erasure.person.userName.toLowerCase(), erasure.person.nickname.toLowerCase()]);
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return names.has(item.toLowerCase()) ? erasure.pseudonym : withoutAddresses(item, erasure.addresses, erasure.pseudonymousEmail);
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object') return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, walk(inner)]));
    return item;
  };
  return walk(value);
}

/** `Date` to ISO text (an export file, a wire view); null stays null. */
export const isoOf = (date: Date | null | undefined) => (date ? date.toISOString() : null);
