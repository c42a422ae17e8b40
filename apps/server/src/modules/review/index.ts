import { inTransaction } from '../../shared/in-transaction';
import { defineModule } from '../server-module';
import type { AuditTrail } from '../audit';
import { MusicRepository } from '../music';
import { OutfitsRepository, type OutfitsService } from '../outfits';
import type { UploadsService } from '../uploads';
import { reviewRoutes } from './review.routes';
import { ReviewService } from './review.service';

/** The operators' review queue of creators' music and outfits, and their decisions (audited). */
export const reviewModule = defineModule({
  name: 'review',
  needs: ['audit', 'uploads', 'music', 'outfits'],
  services: ({ db, now }, { uploads, outfits, audit }: { uploads: UploadsService; outfits: OutfitsService; audit: AuditTrail }) => ({
    review: new ReviewService({
      music: new MusicRepository(db),
      outfitSubmissions: new OutfitsRepository(db),
      outfits,
      uploads,
      transaction: inTransaction(db, (tx) => ({ music: new MusicRepository(tx), outfits: new OutfitsRepository(tx) })),
      audit,
      now,
    }),
  }),
  api: reviewRoutes,
});
