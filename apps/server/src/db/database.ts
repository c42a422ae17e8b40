import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * One Postgres dialect on two engines: PGlite (embedded) and PostgreSQL (scale-out). Queries name
 * their tables, each from the schema file of the module that owns it (`modules/<m>/*.schema.ts`,
 * decision 0159), so the handle carries no schema of its own.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/** What `db.transaction` hands its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A repository runs its queries on the database or inside a caller's transaction alike. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: an image of the whole data folder, to open copies of it (tests start from a migrated one). */
  image?(): Promise<Blob>;
  /**
   * Runs `work` while this process holds the advisory lock named `name` and answers true, or
   * answers false at once, running nothing, when another connection holds it. The lock sits on a
   * connection of its own; if the process dies, the connection ends and the lock with it.
   */
  runLocked(name: string, work: () => Promise<void>): Promise<boolean>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; absent means in memory (tests). */
  pgliteDir?: string | undefined;
  /** PGlite only: start from this image (`DatabaseHandle.image`) instead of an empty cluster. */
  pgliteImage?: Blob | undefined;
  poolSize?: number;
}

/** The migrations folder sits beside the server package root, in source and in the bundle alike. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

/** Any number 32-bit: the lock that serialises migrations across processes starting together. */
const MIGRATION_LOCK_ID = 72_600_421;

/**
 * Named locks take the two-key form (this space, the hash of the name), which never meets the
 * one-key migration lock. The space spells "jobs" in ASCII.
 */
const NAMED_LOCK_SPACE = 0x6a6f6273;
const TRY_NAMED_LOCK = 'select pg_try_advisory_lock($1, hashtext($2)) as locked';
const NAMED_UNLOCK = 'select pg_advisory_unlock($1, hashtext($2)) as unlocked';

type LockAnswer = { locked: boolean };
type UnlockAnswer = { unlocked: boolean };

/**
 * PostgreSQL: the lock belongs to one pooled connection, held for the whole run. A connection whose
 * unlock did not answer true is closed rather than pooled: a lock left on it would keep the job
 * from every process for as long as the connection lived.
 */
async function runLockedOnPool(pool: pg.Pool, name: string, work: () => Promise<void>): Promise<boolean> {
  const client = await pool.connect();
  let reusable = false;
  try {
    const { rows } = await client.query<LockAnswer>(TRY_NAMED_LOCK, [NAMED_LOCK_SPACE, name]);
    if (!rows[0]?.locked) {
      reusable = true;
      return false;
    }
    try {
      await work();
    } finally {
      const released = await client.query<UnlockAnswer>(NAMED_UNLOCK, [NAMED_LOCK_SPACE, name]);
      reusable = released.rows[0]?.unlocked === true;
    }
    return true;
  } finally {
    client.release(!reusable);
  }
}

/**
 * PGlite: one process and one session, so the lock never stops a run here (a session may take its
 * own lock again); what keeps runs apart is the caller's one-run-at-a-time rule.
 */
async function runLockedOnPglite(client: PGlite, name: string, work: () => Promise<void>): Promise<boolean> {
  const { rows } = await client.query<LockAnswer>(TRY_NAMED_LOCK, [NAMED_LOCK_SPACE, name]);
  if (!rows[0]?.locked) return false;
  try {
    await work();
  } finally {
    await client.query(NAMED_UNLOCK, [NAMED_LOCK_SPACE, name]);
  }
  return true;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection ended by the server (restart, failover, an administrator's terminate) is
    // replaced on the next checkout; without a listener Node would end the whole process instead.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool });
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg({ client }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end(), runLocked: (name, work) => runLockedOnPool(pool, name, work) };
  }
  const client = new PGlite({ dataDir: options.pgliteDir, loadDataDir: options.pgliteImage });
  // Every 16 MB of writes PostgreSQL starts a WAL file, which it fills with zeroes first: in PGlite
  // that is 16 MB written through the API's own thread inside one statement, 150-450 ms during
  // which nothing else is served (decision 0143). Without it the file is made at once; the WAL
  // records carry their own checks, which is what copy-on-write file systems rely on too.
  await client.exec('set wal_init_zero = off');
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    image: () => client.dumpDataDir('none'),
    runLocked: (name, work) => runLockedOnPglite(client, name, work),
  };
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
