import type { ApiRoutes } from '../../plugins/signature';
import { SiteSettingsBody, SiteSettingsQuery, SiteSettingsResponse, consoleSiteSettingsPath } from '@vsp/contract/endpoints/site-settings';
import { currentUser } from '../../plugins/authenticate';
import type { SiteSettingsService } from './site-settings.service';

/** The console's store links and support mailboxes; operators only, role checked before validation. */
export const siteSettingsRoutes: ApiRoutes<{ siteSettings: SiteSettingsService }> = async (
  app,
  { siteSettings },
) => {
  const preValidation = app.requireOperator;
  const tags = ['console'];

  app.get(
    consoleSiteSettingsPath,
    { schema: { tags, summary: 'Store links per build variant and the support mailboxes', querystring: SiteSettingsQuery, response: { 200: SiteSettingsResponse } }, preValidation },
    async () => siteSettings.current(),
  );

  app.post(
    consoleSiteSettingsPath,
    { schema: { tags, summary: 'Change store links and/or support mailboxes (audited; the website shows them on its next page load)', body: SiteSettingsBody, response: { 200: SiteSettingsResponse } }, preValidation },
    async (request) => {
      const { storeLinks, supportEmails } = request.body;
      return siteSettings.update(currentUser(request).uid, { ...(storeLinks ? { storeLinks } : {}), ...(supportEmails ? { supportEmails } : {}) });
    },
  );
};
