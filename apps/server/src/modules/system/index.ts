import { defineModule } from '../server-module';
import { systemRoutes } from './system.routes';

/** Health of the process and its database, outside the signed API. */
export const systemModule = defineModule({
  name: 'system',
  needs: [],
  routes: systemRoutes,
});
