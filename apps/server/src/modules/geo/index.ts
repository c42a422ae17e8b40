import { defineModule } from '../server-module';
import { geoRoutes } from './geo.routes';
import { GeoService } from './geo.service';

/** The visitor's country (call 5). */
export const geoModule = defineModule({
  name: 'geo',
  needs: [],
  services: () => ({ geo: new GeoService() }),
  routes: geoRoutes,
});
