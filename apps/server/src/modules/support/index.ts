import { defineModule } from '../../shared/server-module';
import { SupportRepository } from './support.repository';
import { supportRoutes } from './support.routes';
import { SupportService } from './support.service';

/** Support requests from the website's forms. */
export const supportModule = defineModule({
  services: ({ db }) => ({ support: new SupportService(new SupportRepository(db)) }),
  api: async (app, { services }) => {
    await app.register(supportRoutes, { support: services.support });
  },
});
