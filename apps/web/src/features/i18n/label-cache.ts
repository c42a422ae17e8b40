import { LANGUAGE_CODES, type LanguageCode } from '@vsp/contract/language-codes';
import type { LanguageConfig } from '@vsp/contract/label-assets';
import { STORAGE_KEYS, localStore } from '../../shared/storage/local-store';
import type { LabelCache, VersionedTexts } from './label-loader';

type StoredTexts = Partial<Record<LanguageCode, VersionedTexts>>;

function readAll(): StoredTexts {
  const stored = localStore.getJson<StoredTexts>(STORAGE_KEYS.labels);
  return stored && typeof stored === 'object' ? stored : {};
}

function isVersionedTexts(value: unknown): value is VersionedTexts {
  const v = value as Partial<VersionedTexts> | null;
  return typeof v === 'object' && v !== null && Number.isInteger(v.version) && typeof v.texts === 'object' && v.texts !== null;
}

/**
 * Label texts and the language config in localStorage. Texts are kept per language, and only at
 * the newest version written: older copies would be refetched anyway.
 */
export const localLabelCache: LabelCache = {
  readTexts(lang) {
    const entry = readAll()[lang];
    return isVersionedTexts(entry) ? entry : null;
  },
  writeTexts(lang, texts) {
    const kept: StoredTexts = {};
    const all = readAll();
    for (const code of LANGUAGE_CODES) {
      const entry = all[code];
      if (code !== lang && isVersionedTexts(entry) && entry.version === texts.version) kept[code] = entry;
    }
    kept[lang] = texts;
    localStore.set(STORAGE_KEYS.labels, kept);
  },
  readConfig() {
    return localStore.getJson<LanguageConfig>(STORAGE_KEYS.languageConfig);
  },
  writeConfig(config) {
    localStore.set(STORAGE_KEYS.languageConfig, config);
  },
};
