/** Browser storage keys of spec section 3, named once. */
export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  uid: 'uid',
  lang: 'lang',
  payOrder: 'payOrder',
  /** The language config of call 6, kept while its VERSION is the newest seen. */
  languageConfig: 'languageConfig',
  /** Downloaded label texts per language with their META_HOME_VERSION. */
  labels: 'labels',
  /** Uploads left unfinished (a reload, a closed tab), per kind of file, to resume them. */
  pendingUploads: 'pendingUploads',
  /** The last account IDs verified on this device (top-up and exchange), for one-tap reuse. */
  recentAccounts: 'recentAccounts',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Web storage that never throws (private mode, quota, disabled storage). */
function safeStorage<Key extends string>(area: () => Storage) {
  const store = {
    get(key: Key): string | null {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    getJson<T>(key: Key): T | null {
      const raw = store.get(key);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    set(key: Key, value: string | object): void {
      try {
        area().setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
      } catch {
        /* storage unavailable: what it would keep lives in memory only */
      }
    },
    remove(...keys: Key[]): void {
      for (const key of keys) {
        try {
          area().removeItem(key);
        } catch {
          /* nothing to remove */
        }
      }
    },
  };
  return store;
}

export const localStore = safeStorage<StorageKey>(() => window.localStorage);

/** This tab's sessionStorage: what is kept while the tab lives (the country answer, a parent's session). */
export const tabStore = safeStorage<string>(() => window.sessionStorage);
