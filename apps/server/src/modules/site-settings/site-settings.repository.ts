import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { settings } from './settings.schema';

/**
 * All SQL of the shared settings table (one JSON value per key): the site settings' rows, and the
 * operator switches top-up reads and writes (issue 29: only this module touches the table; top-up
 * builds one of these over its database).
 */
export class SiteSettingsRepository {
  constructor(private readonly db: Queryable) {}

  async value(key: string): Promise<unknown> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    return row?.value;
  }

  /** A key's value with when it was last saved. */
  async entry(key: string): Promise<{ value: unknown; updatedAt: Date } | undefined> {
    const [row] = await this.db.select({ value: settings.value, updatedAt: settings.updatedAt }).from(settings).where(eq(settings.key, key));
    return row;
  }

  async put(key: string, value: unknown, at: Date): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key, value, updatedAt: at })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at } });
  }

  async delete(key: string): Promise<void> {
    await this.db.delete(settings).where(eq(settings.key, key));
  }
}
