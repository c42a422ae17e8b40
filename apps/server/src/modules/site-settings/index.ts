import type { Config } from '../../config';
import { inTransaction } from '../../shared/in-transaction';
import { defineModule } from '../server-module';
import type { AuditTrail } from '../audit';
import { SiteSettingsRepository } from './site-settings.repository';
import { siteSettingsRoutes } from './site-settings.routes';
import { SiteSettingsService } from './site-settings.service';

export { SiteSettingsRepository } from './site-settings.repository';

/** Store links and mailboxes until an operator saves others in the console. */
function siteSettingsDefaults(config: Config) {
  return {
    supportEmails: { contact: config.SUPPORT_CONTACT_EMAIL, service: config.SUPPORT_SERVICE_EMAIL },
    storeLinks: {
      standard: { ios: config.STORE_URL_IOS, android: config.STORE_URL_ANDROID },
      regional: { ios: config.STORE_URL_IOS_REGIONAL, android: config.STORE_URL_ANDROID_REGIONAL },
    },
  };
}

/**
 * Operator settings the site shell reads per page load: store links and mailboxes. The settings
 * table is this module's; top-up keeps its switches (the iOS notice among them) in it through
 * SiteSettingsRepository.
 */
export const siteSettingsModule = defineModule({
  name: 'site-settings',
  needs: ['audit'],
  services: ({ config, db, now }, { audit }: { audit: AuditTrail }) => {
    const siteSettingsRepository = new SiteSettingsRepository(db);
    return {
      siteSettingsRepository,
      siteSettings: new SiteSettingsService({
        repository: siteSettingsRepository,
        transaction: inTransaction(db, (tx) => new SiteSettingsRepository(tx)),
        defaults: siteSettingsDefaults(config),
        audit,
        now,
      }),
    };
  },
  api: siteSettingsRoutes,
});
