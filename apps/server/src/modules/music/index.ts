import { defineModule } from '../server-module';
import type { UploadsService } from '../uploads';
import { MusicRepository } from './music.repository';
import { musicRoutes } from './music.routes';
import { MusicService } from './music.service';
import { musicPersonalData } from './music.personal-data';

export { MusicRepository } from './music.repository';

/** Music submissions of creators. */
export const musicModule = defineModule({
  name: 'music',
  needs: ['accounts', 'uploads'],
  services: ({ db, now }, { uploads }: { uploads: UploadsService }) => ({ music: new MusicService({ music: new MusicRepository(db), uploads, now }) }),
  api: musicRoutes,
  personalData: ({ context: { db } }) => musicPersonalData(db),
});
