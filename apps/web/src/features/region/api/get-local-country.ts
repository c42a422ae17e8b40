import { localIpPath } from '@vsp/contract/regional';
import { fetchAsset } from '../../../shared/http/fetch-asset';

/** Call 5: the country answer as text (`Egypt|EG|41.32.0.1`). */
export async function getLocalCountry(timeoutMs: number): Promise<string> {
  return (await fetchAsset(localIpPath, { timeoutMs, accept: 'text/plain' })).text();
}
