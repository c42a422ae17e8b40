import type { ApiRoutes } from '../../plugins/signature';
import { currentUser } from '../../plugins/authenticate';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { SiteSettingsService } from './site-settings.service';

/** The console's store links and support mailboxes; operators only, role checked before validation. */
export const siteSettingsRoutes: ApiRoutes<ModuleOptions<{ siteSettings: SiteSettingsService }>> = async (app, { services: { siteSettings } }) => {
  const tags = ['console'];

  app.route({
    ...operationRoute(app, 'siteSettings', { tags, summary: 'Store links per build variant and the support mailboxes' }),
    handler: async () => siteSettings.current(),
  });

  app.route({
    ...operationRoute(app, 'saveSiteSettings', { tags, summary: 'Change store links and/or support mailboxes (audited; the website shows them on its next page load)' }),
    handler: async (request) => siteSettings.update(currentUser(request).uid, request.body),
  });
};
