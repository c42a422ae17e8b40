import { SiteStoreLinksSchema, SupportEmailsSchema, type SiteSettings } from '@vsp/contract/endpoints/site-settings';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { InTransaction } from '../../shared/in-transaction';
import type { AuditTrail } from '../audit';
import type { SiteSettingsRepository } from './site-settings.repository';

export const SETTING_STORE_LINKS = 'site.store_links';
export const SETTING_SUPPORT_EMAILS = 'site.support_emails';

export interface SiteSettingsDeps {
  repository: SiteSettingsRepository;
  /** The saved groups and their audit entry, in one transaction. */
  transaction: InTransaction<SiteSettingsRepository>;
  /** The values until an operator saves others: the deployment's configuration. */
  defaults: SiteSettings;
  audit: AuditTrail;
  now: () => number;
}

/**
 * Operator-editable values of the public website: store links per build variant and the support
 * mailboxes. The site reads them from its page config, so a saved value shows on the next page load.
 */
export class SiteSettingsService {
  constructor(private readonly deps: SiteSettingsDeps) {}

  /** A stored value that no longer fits its schema (hand-edited row) falls back to the default. */
  private async stored<S extends TSchema>(key: string, schema: S, fallback: Static<S>): Promise<Static<S>> {
    const value = await this.deps.repository.value(key);
    return value !== undefined && Value.Check(schema, value) ? (value as Static<S>) : fallback;
  }

  async current(): Promise<SiteSettings> {
    const [storeLinks, supportEmails] = await Promise.all([
      this.stored(SETTING_STORE_LINKS, SiteStoreLinksSchema, this.deps.defaults.storeLinks),
      this.stored(SETTING_SUPPORT_EMAILS, SupportEmailsSchema, this.deps.defaults.supportEmails),
    ]);
    return { storeLinks, supportEmails };
  }

  /** Saves the given groups (already validated by the contract), audited with before and after. */
  async update(actorUid: number, input: Partial<SiteSettings>): Promise<SiteSettings> {
    const before = await this.current();
    const at = new Date(this.deps.now());
    const after: SiteSettings = { storeLinks: input.storeLinks ?? before.storeLinks, supportEmails: input.supportEmails ?? before.supportEmails };
    await this.deps.transaction(async (tx, settings) => {
      if (input.storeLinks) await settings.put(SETTING_STORE_LINKS, input.storeLinks, at);
      if (input.supportEmails) await settings.put(SETTING_SUPPORT_EMAILS, input.supportEmails, at);
      await this.deps.audit({ actorUid, action: 'settings.site', target: 'settings:site', before, after }, tx);
    });
    return after;
  }
}
