import { inTransaction } from '../../shared/in-transaction';
import { defineModule } from '../server-module';
import type { AccountsRepository } from '../accounts';
import type { AuditTrail } from '../audit';
import type { SessionsService } from '../sessions';
import { PasskeysRepository } from './passkeys.repository';
import { passkeysRoutes } from './passkeys.routes';
import { PasskeysService } from './passkeys.service';
import { passkeysPersonalData } from './passkeys.personal-data';

export { PasskeysRepository } from './passkeys.repository';
export type { PasskeysService } from './passkeys.service';

/** Passkeys (WebAuthn): players sign in with them, operators prove their second factor (decision 0156). */
export const passkeysModule = defineModule({
  name: 'passkeys',
  needs: ['audit', 'accounts', 'sessions'],
  services: ({ db, store, now, config }, { audit }: { accountsRepository: AccountsRepository; sessions: SessionsService; audit: AuditTrail }) => {
    const passkeysRepository = new PasskeysRepository(db);
    const passkeys = new PasskeysService({
      passkeys: passkeysRepository,
      transaction: inTransaction(db, (tx) => new PasskeysRepository(tx)),
      audit,
      store,
      now,
      publicUrl: config.publicUrl,
      rpName: 'Avatar Party',
      secret: config.DEVICE_SECRET,
    });
    return { passkeysRepository, passkeys };
  },
  api: passkeysRoutes,
  personalData: ({ context: { db } }) => passkeysPersonalData(db),
});
export { passkeyHolders } from './passkey-queries';
