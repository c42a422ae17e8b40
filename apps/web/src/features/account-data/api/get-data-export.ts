import { accountDataExportPath } from '@vsp/contract/endpoints/account-data';
import { api } from '../../../shared/http/api';

/** The export archive (zip, base64 in the envelope). */
export function getDataExport() {
  return api.get(accountDataExportPath);
}
