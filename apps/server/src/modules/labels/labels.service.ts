import { createHash } from 'node:crypto';
import { AppError } from '@vsp/contract/app-error';
import { LABEL_CATALOGUE_VERSION } from '@vsp/contract/constants';
import { Errors } from '@vsp/contract/error-codes';
import type { LanguageCode } from '@vsp/contract/language-codes';
import { LABEL_PLATFORM, type LanguageConfig, type PublishedLabelEntry } from '@vsp/contract/label-assets';
import { LANGUAGES } from '@vsp/contract/languages';
import { LABELS, textsFor } from '@vsp/labels';
import type { LabelEntry } from '@vsp/labels/label-entry';
import { fitsEnglish } from '@vsp/labels/placeholders';
import type { OverrideSnapshot } from './labels.schema';
import type { InTransaction } from '../../shared/in-transaction';
import type { AuditEntry, AuditTrail } from '../audit';
import type { LabelOverrideRow, LabelsRepository, VersionHead } from './labels.repository';

/**
 * One published label version, ready to serve: its number, a tag for ETags, and the three
 * documents serialised once per version and process (config, the full list, one language).
 */
export interface PublishedCatalogue {
  version: number;
  /** Changes whenever the served bytes may change: the version and the built-in catalogue. */
  tag: string;
  configJson: string;
  listJson(): string;
  textsJson(lang: LanguageCode): string;
  /** The texts of `lang` this version changes from the built-in catalogue (what the prerender lacks). */
  overridesFor(lang: LanguageCode): Readonly<Record<string, string>>;
}

const PUBLISH_ATTEMPTS = 5;

function hashOf(entries: readonly LabelEntry[]): string {
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex');
}

function snapshotOf(rows: readonly Pick<LabelOverrideRow, 'key' | 'lang' | 'text'>[]): OverrideSnapshot {
  const snapshot: OverrideSnapshot = {};
  for (const row of rows) (snapshot[row.key] ??= {})[row.lang] = row.text;
  return snapshot;
}

/** Order-free identity of a snapshot (jsonb does not keep key order). */
function fingerprint(snapshot: OverrideSnapshot): string {
  return Object.entries(snapshot)
    .flatMap(([key, texts]) => Object.entries(texts).map(([lang, text]) => JSON.stringify([key, lang, text])))
    .sort()
    .join('\n');
}

/** `make` run once per language, its answer kept. */
function perLanguage<T>(make: (lang: LanguageCode) => T): (lang: LanguageCode) => T {
  const made = new Map<LanguageCode, T>();
  return (lang) => {
    if (!made.has(lang)) made.set(lang, make(lang));
    return made.get(lang)!;
  };
}

function mergeOverrides(base: readonly LabelEntry[], overrides: OverrideSnapshot): LabelEntry[] {
  return base.map((entry) => {
    const changed = overrides[entry.key];
    return changed ? { ...entry, text: { ...entry.text, ...changed } } : entry;
  });
}

export interface LabelsServiceDeps {
  repository: LabelsRepository;
  /** An operator's change and its audit entry in one transaction (absent in tests of the catalogue alone). */
  transaction?: InTransaction<LabelsRepository>;
  audit?: AuditTrail;
  /** The built-in texts (the release's catalogue by default). */
  base?: readonly LabelEntry[];
}

/**
 * The label catalogue as the website downloads it: the built-in catalogue (packages/labels) with
 * the operator's overrides of the newest published version on top. A built-in catalogue this
 * database has never published (a new release) is published on first use, so that visitors'
 * cached texts go stale and get refetched (spec section 4).
 */
export class LabelsService {
  private readonly baseHash: string;
  private readonly baseByKey: ReadonlyMap<string, LabelEntry>;
  private baseCheck: Promise<void> | undefined;
  private memo: PublishedCatalogue | undefined;

  private readonly repository: LabelsRepository;
  private readonly base: readonly LabelEntry[];

  constructor(private readonly deps: LabelsServiceDeps) {
    this.repository = deps.repository;
    this.base = deps.base ?? LABELS;
    this.baseHash = hashOf(this.base);
    this.baseByKey = new Map(this.base.map((entry) => [entry.key, entry]));
  }

  async published(): Promise<PublishedCatalogue> {
    this.baseCheck ??= this.publishBaseIfNew().catch((error: unknown) => {
      this.baseCheck = undefined;
      throw error;
    });
    await this.baseCheck;
    const head = await this.repository.latestHead(LABEL_PLATFORM);
    if (!head) throw new Error('label catalogue has no published version');
    if (this.memo?.version === head.version) return this.memo;
    const overrides = (await this.repository.overridesOf(LABEL_PLATFORM, head.version)) ?? {};
    this.memo = this.build(head, overrides);
    return this.memo;
  }

  /** The drafts and whether they differ from the published version (the route's schema types the answer). */
  async overrides() {
    const published = await this.published();
    const rows = await this.repository.listOverrides();
    const live = (await this.repository.overridesOf(LABEL_PLATFORM, published.version)) ?? {};
    return {
      publishedVersion: published.version,
      drafts: rows.map((row) => ({ key: row.key, lang: row.lang as LanguageCode, text: row.text, updatedAt: row.updatedAt.toISOString() })),
      unpublished: fingerprint(snapshotOf(rows)) !== fingerprint(live),
    };
  }

  /**
   * An operator's change through `work`, in one transaction with the audit entry `entry` makes of
   * its result when an operator (`actorUid`) made it; without a transaction (tests) on the repository.
   */
  private async change<T>(actorUid: number | null, work: (repository: LabelsRepository) => Promise<T>, entry: (result: T) => Omit<AuditEntry, 'actorUid' | 'actorName'> | undefined): Promise<T> {
    const { transaction, audit } = this.deps;
    if (!transaction) return work(this.repository);
    return transaction(async (tx, repository) => {
      const result = await work(repository);
      const recorded = actorUid !== null && audit ? entry(result) : undefined;
      if (recorded) await audit!({ actorUid: actorUid!, ...recorded }, tx);
      return result;
    });
  }

  /** The text a key shows in a language now: the draft if any, else the built-in text. */
  private async currentText(key: string, lang: LanguageCode): Promise<{ text: string; draft: boolean }> {
    const draft = (await this.repository.listOverrides()).find((row) => row.key === key && row.lang === lang);
    return draft ? { text: draft.text, draft: true } : { text: this.baseByKey.get(key)?.text[lang] ?? '', draft: false };
  }

  /** Stores a draft text; visitors see it after the next publish. Placeholders and plural forms must match the English text's (decision 0148). */
  async setOverride(key: string, lang: LanguageCode, text: string, uid: number | null): Promise<LabelOverrideRow> {
    const entry = this.baseByKey.get(key);
    if (!entry) throw new AppError(Errors.NotFound);
    if (text.trim() === '') throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'text', rule: 'minLength' }] });
    if (!fitsEnglish(text, entry.text.en, lang)) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'text', rule: 'placeholders' }] });
    const before = await this.currentText(key, lang);
    return this.change(
      uid,
      (repository) => repository.upsertOverride(key, lang, text, uid),
      (row) => ({ action: 'label.set', target: `label:${key}:${lang}`, before, after: { text: row.text, draft: true } }),
    );
  }

  async removeOverride(key: string, lang: LanguageCode, uid: number | null = null): Promise<boolean> {
    const before = await this.currentText(key, lang);
    const after = { text: this.baseByKey.get(key)?.text[lang] ?? '', draft: false };
    return this.change(
      uid,
      (repository) => repository.deleteOverride(key, lang),
      (removed) => (removed ? { action: 'label.remove', target: `label:${key}:${lang}`, before, after } : undefined),
    );
  }

  /** Freezes the current drafts into a new version (META_HOME_VERSION + 1). */
  async publish(uid: number | null): Promise<number> {
    const before = await this.published();
    const published = await this.change(
      uid,
      async (repository) => {
        const snapshot = snapshotOf(await repository.listOverrides());
        return { snapshot, version: await this.insertVersion(snapshot, uid, repository) };
      },
      ({ snapshot, version }) => ({ action: 'label.publish', target: 'labels:meta-home', before: { version: before.version }, after: { version, overrides: snapshot } }),
    );
    return published.version;
  }

  private async publishBaseIfNew(): Promise<void> {
    const head = await this.repository.latestHead(LABEL_PLATFORM);
    if (head && (head.baseHash === this.baseHash || (await this.repository.hasBase(LABEL_PLATFORM, this.baseHash)))) return;
    const carried = head ? ((await this.repository.overridesOf(LABEL_PLATFORM, head.version)) ?? {}) : {};
    await this.insertVersion(carried, null);
  }

  private async insertVersion(overrides: OverrideSnapshot, uid: number | null, repository = this.repository): Promise<number> {
    for (let attempt = 0; attempt < PUBLISH_ATTEMPTS; attempt++) {
      const version = await repository.insertNextVersion(LABEL_PLATFORM, this.baseHash, overrides, uid);
      if (version !== undefined) return version;
    }
    throw new Error('could not publish a label version: too many concurrent publishers');
  }

  private build(head: VersionHead, overrides: OverrideSnapshot): PublishedCatalogue {
    const entries = mergeOverrides(this.base, overrides);
    const config: LanguageConfig = {
      VERSION: LABEL_CATALOGUE_VERSION,
      META_HOME_VERSION: head.version,
      codes: LANGUAGES.map((l) => ({ code: l.value, name: l.label, browserCodes: [...l.browserCodes] })),
    };
    let list: string | undefined;
    return {
      version: head.version,
      tag: `${head.version}-${this.baseHash.slice(0, 12)}`,
      configJson: JSON.stringify(config),
      listJson: () =>
        (list ??= JSON.stringify(
          entries.map((entry): PublishedLabelEntry => ({ key: entry.key, describe: entry.describe, ...entry.text })),
        )),
      textsJson: perLanguage((lang) => JSON.stringify(textsFor(lang, entries))),
      overridesFor: perLanguage((lang) => {
        const changed: Record<string, string> = {};
        for (const [key, byLang] of Object.entries(overrides)) {
          const text = byLang[lang];
          const builtIn = this.baseByKey.get(key)?.text[lang];
          if (typeof text === 'string' && builtIn !== undefined && text !== builtIn) changed[key] = text;
        }
        return changed;
      }),
    };
  }
}
