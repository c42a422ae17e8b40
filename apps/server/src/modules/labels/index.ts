import { inTransaction } from '../../shared/in-transaction';
import { defineModule } from '../server-module';
import type { AuditTrail } from '../audit';
import { LabelsRepository } from './labels.repository';
import { labelAssetRoutes, labelConsoleRoutes } from './labels.routes';
import { LabelsService } from './labels.service';
import { labelsPersonalData } from './labels.personal-data';

/** The label catalogue: the spec's asset paths and the operators' drafts and publishing. */
export const labelsModule = defineModule({
  name: 'labels',
  needs: ['audit'],
  services: ({ db }, { audit }: { audit: AuditTrail }) => ({
    labels: new LabelsService({ repository: new LabelsRepository(db), transaction: inTransaction(db, (tx) => new LabelsRepository(tx)), audit }),
  }),
  api: labelConsoleRoutes,
  routes: labelAssetRoutes,
  personalData: () => labelsPersonalData,
});
