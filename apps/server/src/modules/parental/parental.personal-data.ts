import type { Database } from '../../db/database';
import type { PersonalData } from '../../shared/personal-data';
import { ParentalRepository } from './parental.repository';
import { parentLinks, parentNotices, parentTokens } from './parental.schema';

/** The parent link (without the PIN's hash), its mailed links' dates and the purchase notices (issue 32); the erasure removes them all. */
export const parentalPersonalData = (db: Database): PersonalData => ({
  tables: [parentLinks, parentTokens, parentNotices],
  async export({ uid }) {
    return [{ path: 'parental-controls.json', about: "your parent's link (address, limit, switches), its mailed links' dates, purchase notices", content: await new ParentalRepository(db).exportOf(uid) }];
  },
  async erase({ tx, person }) {
    await new ParentalRepository(tx).eraseOf(person.uid);
  },
});
