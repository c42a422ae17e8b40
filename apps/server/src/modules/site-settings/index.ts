import type { Config } from '../../config';
import { defineModule } from '../../shared/server-module';
import type { AuditTrail } from '../audit';
import type { RechargeService } from '../recharge';
import { SiteSettingsRepository } from './site-settings.repository';
import { siteSettingsRoutes } from './site-settings.routes';
import { SiteSettingsService } from './site-settings.service';

export { SiteSettingsRepository } from './site-settings.repository';
export type { SiteSettingsService } from './site-settings.service';

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

interface SiteSettingsNeeds {
  recharge: RechargeService;
  audit: AuditTrail;
}

/** Operator settings the site shell reads per page load: store links, mailboxes, the iOS notice. */
export const siteSettingsModule = defineModule({
  name: 'site-settings',
  services: ({ config, db, now }, { recharge, audit }: SiteSettingsNeeds) => ({
    siteSettings: new SiteSettingsService({
      repository: new SiteSettingsRepository(db),
      defaults: siteSettingsDefaults(config),
      // The same switch top-up reads.
      iosNoticeOpen: async () => (await recharge.status()).iosNotice,
      audit,
      now,
    }),
  }),
  api: async (app, { services }) => {
    await app.register(siteSettingsRoutes, { siteSettings: services.siteSettings });
  },
});
