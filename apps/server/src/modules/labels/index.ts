import { defineModule } from '../../shared/server-module';
import type { AuditTrail } from '../console';
import { LabelsRepository } from './labels.repository';
import { labelAssetRoutes, labelConsoleRoutes } from './labels.routes';
import { LabelsService } from './labels.service';

/** The label catalogue: the spec's asset paths and the operators' drafts and publishing. */
export const labelsModule = defineModule({
  services: ({ db }, { auditTrail }: { auditTrail: AuditTrail }) => ({
    labels: new LabelsService(new LabelsRepository(db), undefined, auditTrail),
  }),
  api: async (app, { services }) => {
    await app.register(labelConsoleRoutes, { labels: services.labels });
  },
  routes: async (app, { services }) => {
    await app.register(labelAssetRoutes, { labels: services.labels });
  },
});
