import { eq } from 'drizzle-orm';
import type { PersonalData } from '../../shared/personal-data';
import { analyticsEvents, analyticsPageViews, clientErrorReports } from './analytics.schema';

/**
 * Analytics keep their counts without the account ID a page view, an event or an error report
 * claimed (no address is stored). Not in the export: the rows are counts, not the player's records.
 */
export const analyticsPersonalData: PersonalData = {
  tables: [analyticsPageViews, analyticsEvents, clientErrorReports],
  async erase({ tx, person }) {
    await tx.update(analyticsPageViews).set({ uid: null }).where(eq(analyticsPageViews.uid, person.uid));
    await tx.update(analyticsEvents).set({ uid: null }).where(eq(analyticsEvents.uid, person.uid));
    await tx.update(clientErrorReports).set({ uid: null }).where(eq(clientErrorReports.uid, person.uid));
  },
};
