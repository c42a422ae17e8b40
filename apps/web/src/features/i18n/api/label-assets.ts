import type { LanguageCode } from '@vsp/contract/language-codes';
import { LABEL_VERSION_HEADER, labelTextsPath, languageConfigPath, type LabelTexts, type LanguageConfig } from '@vsp/contract/label-assets';
import { fetchAsset } from '../../../shared/http/fetch-asset';
import type { VersionedTexts } from '../label-loader';

function isLanguageConfig(value: unknown): value is LanguageConfig {
  const v = value as Partial<LanguageConfig> | null;
  return typeof v === 'object' && v !== null && Number.isInteger(v.VERSION) && Number.isInteger(v.META_HOME_VERSION) && Array.isArray(v.codes);
}

/** Call 6, with the spec's `t` timestamp so that no cache answers it. */
export async function getLanguageConfig(): Promise<LanguageConfig> {
  const body: unknown = await (await fetchAsset(languageConfigPath, { query: { t: Date.now() } })).json();
  if (!isLanguageConfig(body)) throw new Error('malformed language config');
  return body;
}

/**
 * One language's texts. With the expected version in `v` the server lets caches keep the answer;
 * its version comes back in a header (the version asked for when a cache dropped the header).
 */
export async function getLabelTexts(lang: LanguageCode, version?: number): Promise<VersionedTexts> {
  const response = await fetchAsset(labelTextsPath(lang), version ? { query: { v: version } } : { query: { t: Date.now() } });
  const texts = (await response.json()) as LabelTexts;
  if (typeof texts !== 'object' || texts === null || Array.isArray(texts)) throw new Error('malformed label texts');
  const header = Number(response.headers.get(LABEL_VERSION_HEADER));
  return { version: Number.isInteger(header) && header > 0 ? header : (version ?? 0), texts };
}
