import { defineModule } from '../server-module';
import { UploadsRepository } from './uploads.repository';
import { uploadsRoutes } from './uploads.routes';
import { UploadsService } from './uploads.service';
import { uploadsPersonalData } from './uploads.personal-data';

export { requestOrigin } from './uploads.routes';
export type { UploadsService } from './uploads.service';

/** Uploads straight to object storage: credentials, presigned parts, completion checks. */
export const uploadsModule = defineModule({
  name: 'uploads',
  needs: [],
  services: ({ config, db, now, storage }) => ({ storage, uploads: new UploadsService({ uploads: new UploadsRepository(db), storage, secret: config.UPLOAD_SECRET, now }) }),
  api: uploadsRoutes,
  personalData: () => uploadsPersonalData,
});
