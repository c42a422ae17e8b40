import { readdirSync } from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { serverModules } from '../../app';
import type { Database } from '../../db/database';
import type { PersonalData } from '../../shared/personal-data';

/**
 * Every module whose tables name a person gives its share of the export and the erasure (issue 29,
 * decision 0160). The tables are read from every schema file of the tree and the modules from
 * app.ts, so a new table or module is covered without editing this test.
 */
const serverSource = path.resolve(import.meta.dirname, '../..');

/** A column that names a person: an account ID, an address, a payer, who did something. */
const PERSON_COLUMN = /^(uid|email|payer)$|_uid$|_by$|_email$/;

interface OwnedTable {
  owner: string;
  table: PgTable;
  name: string;
  personColumns: string[];
}

async function everyTable(): Promise<OwnedTable[]> {
  const files = (readdirSync(serverSource, { recursive: true }) as string[]).filter((file) => file.endsWith('.schema.ts'));
  const tables: OwnedTable[] = [];
  for (const file of files) {
    const owner = file.startsWith(`modules${path.sep}`) ? file.split(path.sep)[1]! : path.dirname(file);
    const exported = (await import(path.join(serverSource, file))) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      const foreignKeysToAccounts = config.foreignKeys.filter((key) => getTableConfig(key.reference().foreignTable).name === 'users').flatMap((key) => key.reference().columns.map((c) => c.name));
      const personColumns = [...new Set([...config.columns.map((c) => c.name).filter((name) => PERSON_COLUMN.test(name)), ...foreignKeysToAccounts])];
      tables.push({ owner, table: value, name: config.name, personColumns });
    }
  }
  return tables;
}

/** Each module's part, built as app.ts builds it (the factories only keep the handle until asked). */
function partOf(module: (typeof serverModules)[number]): PersonalData | undefined {
  const factory = module.personalData as ((options: { context: { db: Database }; services: object }) => PersonalData) | undefined;
  return factory?.({ context: { db: {} as Database }, services: {} });
}

describe('every table that names a person is in the export and the erasure (issue 29)', async () => {
  const tables = await everyTable();
  const personal = tables.filter((t) => t.personColumns.length > 0);

  it('reads the tables from the tree, people among them', () => {
    expect(tables.length).toBeGreaterThan(25);
    expect(personal.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'sessions', 'topup_orders', 'support_messages', 'ledger_entries']));
  });

  it.each(personal.map((t) => [`${t.owner}: ${t.name} (${t.personColumns.join(', ')})`, t] as const))('%s is declared by its module', (_name, { owner, table }) => {
    const module = serverModules.find((m) => m.name === owner);
    expect(module, `${owner} is a module listed in app.ts (a table naming a person must belong to one)`).toBeDefined();
    const part = partOf(module!);
    expect(part, `the ${owner} module gives its personalData (export and erase)`).toBeDefined();
    expect(part!.tables).toContain(table);
  });

  it('a module declares only tables it owns, and every module is named after its folder', () => {
    const folders = readdirSync(path.join(serverSource, 'modules'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    for (const module of serverModules) {
      expect(folders).toContain(module.name);
      for (const table of partOf(module)?.tables ?? []) expect(tables.find((t) => t.table === table)?.owner, `${module.name} declares ${getTableConfig(table).name}`).toBe(module.name);
    }
  });

  it('erases the account itself last, after every record that names it', () => {
    const stages = serverModules.map((m) => [m.name, partOf(m)?.stage] as const).filter(([, stage]) => stage === 'identity');
    expect(stages).toEqual([['accounts', 'identity']]);
  });
});
