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

/** localStorage that never throws (private mode, quota, disabled storage). */
export const localStore = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  getJson<T>(key: StorageKey): T | null {
    const raw = localStore.get(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string | object): void {
    try {
      window.localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    } catch {
      /* storage unavailable: the session lives in memory only */
    }
  },
  remove(...keys: StorageKey[]): void {
    for (const key of keys) {
      try {
        window.localStorage.removeItem(key);
      } catch {
        /* nothing to remove */
      }
    }
  },
};
