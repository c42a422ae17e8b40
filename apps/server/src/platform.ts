import path from 'node:path';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { AuthLimits } from './modules/accounts';
import type { ModuleContext } from './modules/server-module';
import { Drain } from './shared/drain';
import type { KeyValueStore } from './shared/key-value-store';
import { createMailer, type Mailer } from './shared/mailer';
import { createMails } from './shared/mails/mails';
import type { PersonalData } from './shared/personal-data';
import type { ObjectStorage } from './storage/object-storage';
import { openObjectStorage } from './storage/open-object-storage';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  store: KeyValueStore;
  cacheKind: 'memory' | 'redis';
  /**
   * Overrides the clock of time-dependent rules in tests; request signing's replay window reads it
   * too. With TEST_CLOCK on, the rules read a TestClock over it that `POST /__test/clock` moves,
   * while signing stays on this one (decision 0135).
   */
  now?: () => number;
  /** Overrides brute-force limits (tests). */
  limits?: Partial<AuthLimits>;
  /** Outgoing mail; by default SMTP_URL, else the outbox folder DATA_DIR/outbox. */
  mailer?: Mailer;
  log?: ModuleContext['log'];
  /** The object store; by default the one STORAGE_DRIVER selects. */
  storage?: ObjectStorage;
  /** The listener's drain state, which /healthz reports (decision 0122); a fresh one by default. */
  drain?: Drain;
}

/**
 * The fixed public values of the site shell: company line, social links, app link, sampling. The
 * store links, mailboxes and iOS notice are operator settings, read per page load (SiteSettingsService).
 */
export function shellPublicConfig(config: Config) {
  return {
    company: { show: config.SHOW_COMPANY_INFO, name: config.COMPANY_NAME, registrationNumber: config.COMPANY_REGISTRATION_NUMBER },
    socialLinks: { photo: config.SOCIAL_URL_PHOTO, network: config.SOCIAL_URL_NETWORK, video: config.SOCIAL_URL_VIDEO, chat: config.SOCIAL_URL_CHAT },
    appOpenUrl: config.APP_OPEN_URL,
    traceSampleRate: config.ANALYTICS_TRACE_SAMPLE_RATE,
  };
}

/**
 * The platform every module builds from. `supportEmails` reads the console's site settings when a
 * mail is sent (the app holds the modules' services by then); `parts` fills as the modules register.
 */
export function platformOf(
  deps: AppDeps & Pick<ModuleContext, 'log'>,
  supportEmails: () => Promise<{ contact: string; service: string }>,
  parts: PersonalData[],
): ModuleContext {
  const { config, database } = deps;
  const company = { name: config.COMPANY_NAME, registrationNumber: config.COMPANY_REGISTRATION_NUMBER };
  return {
    config,
    db: database.db,
    databaseKind: database.kind,
    store: deps.store,
    cacheKind: deps.cacheKind,
    now: deps.now ?? Date.now,
    mails: createMails({
      mailer: deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, outboxDir: path.join(config.dataDir, 'outbox'), from: config.MAIL_FROM }),
      site: async () => ({ publicUrl: config.publicUrl, supportEmails: await supportEmails(), company }),
    }),
    wallClock: deps.now ?? Date.now,
    storage: deps.storage ?? openObjectStorage(config),
    limits: { ...deps.limits },
    drain: deps.drain ?? new Drain(),
    personalData: () => parts,
    log: deps.log,
  };
}

