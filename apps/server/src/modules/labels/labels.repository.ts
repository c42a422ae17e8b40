import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { labelOverrides, labelVersions, type OverrideSnapshot } from './labels.schema';

export type LabelOverrideRow = typeof labelOverrides.$inferSelect;

export type VersionHead = Pick<typeof labelVersions.$inferSelect, 'version' | 'baseHash'>;

export class LabelsRepository {
  constructor(private readonly db: Database) {}

  /** The highest published version of a platform, without its overrides (read on every asset request). */
  async latestHead(platform: string): Promise<VersionHead | undefined> {
    const [row] = await this.db
      .select({ version: labelVersions.version, baseHash: labelVersions.baseHash })
      .from(labelVersions)
      .where(eq(labelVersions.platform, platform))
      .orderBy(desc(labelVersions.version))
      .limit(1);
    return row;
  }

  async overridesOf(platform: string, version: number): Promise<OverrideSnapshot | undefined> {
    const [row] = await this.db
      .select({ overrides: labelVersions.overrides })
      .from(labelVersions)
      .where(and(eq(labelVersions.platform, platform), eq(labelVersions.version, version)))
      .limit(1);
    return row?.overrides;
  }

  async hasBase(platform: string, baseHash: string): Promise<boolean> {
    const [row] = await this.db
      .select({ version: labelVersions.version })
      .from(labelVersions)
      .where(and(eq(labelVersions.platform, platform), eq(labelVersions.baseHash, baseHash)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Inserts version max+1 in one statement. Two publishers racing compute the same number; the
   * primary key lets one win and the other gets undefined and tries again.
   */
  async insertNextVersion(platform: string, baseHash: string, overrides: OverrideSnapshot, publishedBy: number | null): Promise<number | undefined> {
    const [row] = await this.db
      .insert(labelVersions)
      .values({
        platform,
        version: sql`(select coalesce(max(${labelVersions.version}), 0) + 1 from ${labelVersions} where ${labelVersions.platform} = ${platform})`,
        baseHash,
        overrides,
        publishedBy,
      })
      .onConflictDoNothing()
      .returning({ version: labelVersions.version });
    return row?.version;
  }

  async listOverrides(): Promise<LabelOverrideRow[]> {
    return this.db.select().from(labelOverrides).orderBy(asc(labelOverrides.key), asc(labelOverrides.lang));
  }

  async upsertOverride(key: string, lang: string, text: string, updatedBy: number | null): Promise<LabelOverrideRow> {
    const [row] = await this.db
      .insert(labelOverrides)
      .values({ key, lang, text, updatedBy })
      .onConflictDoUpdate({
        target: [labelOverrides.key, labelOverrides.lang],
        set: { text, updatedBy, updatedAt: sql`now()` },
      })
      .returning();
    return row!;
  }

  async deleteOverride(key: string, lang: string): Promise<boolean> {
    const rows = await this.db
      .delete(labelOverrides)
      .where(and(eq(labelOverrides.key, key), eq(labelOverrides.lang, lang)))
      .returning({ key: labelOverrides.key });
    return rows.length > 0;
  }
}
