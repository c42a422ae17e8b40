import type { Queryable } from '../../db/database';
import { ParentalRepository } from './parental.repository';

/** Since when a parent manages the account (issue 32), or null: what operators see in the console. */
export async function parentManagedSince(db: Queryable, uid: number): Promise<Date | null> {
  return (await new ParentalRepository(db).activeLink(uid))?.confirmedAt ?? null;
}
