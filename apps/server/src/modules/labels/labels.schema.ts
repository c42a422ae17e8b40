import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/users.schema';

/** Texts an operator changed, by key and language: the console's working copy (drafts). */
export const labelOverrides = pgTable(
  'label_overrides',
  {
    key: text('key').notNull(),
    lang: text('lang').notNull(),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.uid, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.key, t.lang] })],
);

/** key -> language -> text: the overrides a published version froze. */
export type OverrideSnapshot = Record<string, Record<string, string>>;

/**
 * Published label versions per platform (META_HOME_VERSION for the website). A version is
 * immutable: the built-in catalogue it was made from (by content hash) plus a frozen copy of the
 * overrides. The highest version is what visitors get.
 */
export const labelVersions = pgTable(
  'label_versions',
  {
    platform: text('platform').notNull(),
    version: integer('version').notNull(),
    baseHash: text('base_hash').notNull(),
    overrides: jsonb('overrides').$type<OverrideSnapshot>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The operator who published; null when a new built-in catalogue was published at start-up. */
    publishedBy: bigint('published_by', { mode: 'number' }).references(() => users.uid, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.platform, t.version] })],
);
