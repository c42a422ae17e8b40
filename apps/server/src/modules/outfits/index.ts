import { defineModule } from '../server-module';
import type { UploadsService } from '../uploads';
import { storageObjectReader } from './object-reader';
import { OutfitsRepository } from './outfits.repository';
import { outfitsRoutes } from './outfits.routes';
import { OutfitsService } from './outfits.service';
import { outfitsPersonalData } from './outfits.personal-data';

export { OutfitsRepository } from './outfits.repository';
export type { OutfitsService } from './outfits.service';

/** Outfit submissions: archive checks and the creator's list. */
export const outfitsModule = defineModule({
  name: 'outfits',
  needs: ['accounts', 'uploads'],
  services: ({ db, now, storage }, { uploads }: { uploads: UploadsService }) => ({
    outfits: new OutfitsService({ outfits: new OutfitsRepository(db), objects: storageObjectReader(storage), now, discard: (objectKey) => uploads.discardObject(objectKey) }),
  }),
  api: outfitsRoutes,
  personalData: ({ context: { db } }) => outfitsPersonalData(db),
});
