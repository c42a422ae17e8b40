import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { settings } from './settings.schema';

/** The site settings' rows of the shared settings table (one JSON value per key). */
export class SiteSettingsRepository {
  constructor(private readonly db: Database) {}

  async value(key: string): Promise<unknown> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    return row?.value;
  }

  async put(key: string, value: unknown, at: Date): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key, value, updatedAt: at })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at } });
  }
}
