import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SiteSettingsBody, SiteSettingsQuery, SiteSettingsResponse, consoleSiteSettingsPath } from '@vsp/contract/endpoints/site-settings';
import { currentUser, requireUser } from '../../plugins/authenticate';
import type { SessionsService } from '../sessions/sessions.service';
import type { SiteSettingsService } from './site-settings.service';

/** The console's store links and support mailboxes; operators only, role checked before validation. */
export const siteSettingsRoutes: FastifyPluginAsyncTypebox<{ siteSettings: SiteSettingsService; sessions: SessionsService }> = async (
  app,
  { siteSettings, sessions },
) => {
  const preValidation = requireUser(sessions, ['operator']);
  const tags = ['console'];

  app.get(
    consoleSiteSettingsPath,
    { schema: { tags, summary: 'Store links per build variant and the support mailboxes', querystring: SiteSettingsQuery, response: { 200: SiteSettingsResponse } }, preValidation },
    async () => ({ status: 1 as const, data: await siteSettings.current() }),
  );

  app.post(
    consoleSiteSettingsPath,
    { schema: { tags, summary: 'Change store links and/or support mailboxes (audited; the website shows them on its next page load)', body: SiteSettingsBody, response: { 200: SiteSettingsResponse } }, preValidation },
    async (request) => {
      const { storeLinks, supportEmails } = request.body;
      return {
        status: 1 as const,
        data: await siteSettings.update(currentUser(request).uid, { ...(storeLinks ? { storeLinks } : {}), ...(supportEmails ? { supportEmails } : {}) }),
      };
    },
  );
};
