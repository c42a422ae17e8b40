import type { ApiRoutes } from '../../plugins/signature';
import { SupportMessageBody, SupportMessageResponse, supportMessagePath } from '@vsp/contract/endpoints/support';
import { SUPPORT_LIMITS } from '@vsp/contract/endpoints/support';
import { byAddress } from '../../plugins/rate-limit';
import type { SupportService } from './support.service';

export interface SupportRoutesOptions {
  support: SupportService;
}

/** Signed customer-service routes: the /udesk contact form. */
export const supportRoutes: ApiRoutes<SupportRoutesOptions> = async (app, { support }) => {
  app.post(
    supportMessagePath,
    {
      schema: {
        tags: ['support'],
        summary: 'Leave a message for customer service; answers the reference number',
        body: SupportMessageBody,
        response: { 200: SupportMessageResponse },
      },
      // One address may leave a few messages an hour; more is flooding.
      onRequest: app.routeLimits({ name: 'support:address', max: SUPPORT_LIMITS.perAddress, windowMs: SUPPORT_LIMITS.windowMs, key: byAddress }),
    },
    async (request) => support.submit(request.body),
  );
};
