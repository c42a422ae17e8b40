import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';

/**
 * The record of the job in the scheduled-jobs test: one row per run, with the process that ran it,
 * the tick (none for a run at start-up) and the database's clock at its start and end.
 */
export const jobRuns = pgTable('job_runs', {
  id: serial('id').primaryKey(),
  pid: integer('pid').notNull(),
  tickAt: timestamp('tick_at', { withTimezone: true, mode: 'date' }),
  held: boolean('held').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** While `hold` is set, the next run waits, holding its lock, until its process is killed. */
export const jobControl = pgTable('job_control', {
  hold: boolean('hold').notNull(),
});

/** Makes the two tables in a fresh database. */
export async function createJobRuns(db: Database): Promise<void> {
  await db.execute(
    sql`create table job_runs (id serial primary key, pid integer not null, tick_at timestamptz, held boolean not null, started_at timestamptz not null, finished_at timestamptz)`,
  );
  await db.execute(sql`create table job_control (hold boolean not null)`);
  await db.execute(sql`insert into job_control values (false)`);
}
