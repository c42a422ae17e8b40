import { defineModule } from '../server-module';
import { SupportRepository } from './support.repository';
import { supportRoutes } from './support.routes';
import { SupportService } from './support.service';
import { supportPersonalData } from './support.personal-data';

/** Support requests from the website's forms. */
export const supportModule = defineModule({
  name: 'support',
  needs: [],
  services: ({ db }) => ({ support: new SupportService({ messages: new SupportRepository(db) }) }),
  api: supportRoutes,
  personalData: ({ context: { db } }) => supportPersonalData(db),
});
