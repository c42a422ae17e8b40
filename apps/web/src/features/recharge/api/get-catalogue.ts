import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { rechargeCataloguePath } from '@vsp/contract/endpoints/recharge';
import { api } from '../../../shared/http/api';
import { rechargeKeys } from './keys';

/** The packs and payment methods for an account, priced for a country. */
export function getCatalogue(country: string | undefined, uid: number) {
  return api.get(rechargeCataloguePath, { query: { country, uid } });
}

export interface CatalogueRequest {
  /** The account topped up; none yet, nothing is asked. */
  uid: number | undefined;
  country: string | undefined;
  /** Whose session asks. */
  viewer: string | null;
  /** Whether the shop is open: closed, nothing is asked. */
  open: boolean;
}

export function catalogueQuery({ uid, country, viewer, open }: CatalogueRequest) {
  return queryOptions({
    queryKey: rechargeKeys.catalogue(uid ?? 0, country, viewer),
    queryFn: uid !== undefined && open ? () => getCatalogue(country, uid) : skipToken,
  });
}

/** The catalogue for an account and country while the shop is open. */
export function useCatalogue(request: CatalogueRequest) {
  return useQuery(catalogueQuery(request));
}
