import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { MemoryKeyValueStore, RedisKeyValueStore, type KeyValueStore } from '../shared/key-value-store';

/**
 * The engines a data-layer test runs on: PGlite always, PostgreSQL when DATABASE_URL is set (CI
 * sets it). Each PostgreSQL open gets a database of its own, dropped on close.
 */
export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  open(): Promise<DatabaseHandle>;
}

export interface FreshPostgresDatabase {
  /** The connection string of the new, empty database. */
  url: string;
  drop(): Promise<void>;
}

/** A new database on the server of `url`, for tests that connect from several processes. */
export async function createFreshPostgres(url: string): Promise<FreshPostgresDatabase> {
  const name = `vsp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function openFreshPostgres(url: string): Promise<DatabaseHandle> {
  const fresh = await createFreshPostgres(url);
  const handle = await openDatabase({ databaseUrl: fresh.url, poolSize: 20 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await fresh.drop();
    },
  };
}

/**
 * Creating a PGlite cluster and migrating it takes seconds; copying a migrated one a fraction of
 * that. Each test worker migrates once and every PGlite database it opens starts from that image
 * (the migrator still runs on each copy and finds nothing to do).
 */
let migratedImage: Promise<Blob> | undefined;
async function openFreshPglite(): Promise<DatabaseHandle> {
  migratedImage ??= openDatabase({}).then(async (handle) => {
    const image = await handle.image!();
    await handle.close();
    return image;
  });
  return openDatabase({ pgliteImage: await migratedImage });
}

export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [{ name: 'pglite', open: openFreshPglite }];
  const url = process.env.DATABASE_URL;
  if (url) targets.push({ name: 'postgres', open: () => openFreshPostgres(url) });
  return targets;
}

export interface StoreTarget {
  name: 'memory' | 'redis';
  open(): KeyValueStore;
}

export function storeTargets(): StoreTarget[] {
  const targets: StoreTarget[] = [{ name: 'memory', open: () => new MemoryKeyValueStore() }];
  const url = process.env.REDIS_URL;
  if (url) targets.push({ name: 'redis', open: () => new RedisKeyValueStore(url, `vsp-test-${randomBytes(4).toString('hex')}:`) });
  return targets;
}
