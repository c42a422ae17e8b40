import type { PersonalData } from '../../shared/personal-data';
import { labelOverrides, labelVersions } from './labels.schema';

/**
 * Which operator changed or published a text. Operators' accounts are not erased this way (their
 * names stay on the audit log, decision 0134), so nothing here names a player.
 */
export const labelsPersonalData: PersonalData = {
  tables: [labelOverrides, labelVersions],
  async erase() {},
};
