import geoip from 'geoip-country';
import type { CountryAnswer } from '@vsp/contract/regional';

/**
 * Country of an address from the GeoLite2 country data shipped inside the geoip-country package
 * (read into memory once, looked up offline). Private, loopback and unknown addresses answer an
 * empty country.
 */
export class GeoService {
  lookup(ip: string): CountryAnswer {
    const found = ip ? geoip.lookup(ip) : null;
    return { name: found?.name ?? '', iso: found?.country ?? '', ip };
  }
}
