import { randomInt } from 'node:crypto';
import { AppError } from '@vsp/contract/app-error';
import { SUPPORT_LIMITS, type SupportMessageInput, type SupportReceipt } from '@vsp/contract/endpoints/support';
import { isLanguageCode } from '@vsp/contract/languages';
import type { KeyValueStore } from '../../shared/key-value-store';
import type { SupportRepository } from './support.repository';

/** No 0/O, 1/I/L: a reference read out over the phone or typed from a screenshot stays unambiguous. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newReference(): string {
  const pick = (n: number) => Array.from({ length: n }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');
  return `CS-${pick(4)}-${pick(4)}`;
}

export class SupportService {
  constructor(
    private readonly messages: SupportRepository,
    private readonly store: KeyValueStore,
  ) {}

  /**
   * Stores a visitor's message and answers its reference. One address may leave a few messages an
   * hour; more is flooding, answered 42900 with the seconds left.
   */
  async submit(input: SupportMessageInput, address: string): Promise<SupportReceipt> {
    const message = input.message.trim();
    if (message.length < SUPPORT_LIMITS.messageMin) throw new AppError(40000, { fields: [{ field: 'message', rule: 'minLength' }] });

    const { count, resetMs } = await this.store.hit(`support:${address}`, SUPPORT_LIMITS.windowMs);
    if (count > SUPPORT_LIMITS.perAddress) throw new AppError(42900, { params: { seconds: Math.ceil(resetMs / 1000) } });

    for (let attempt = 0; attempt < 5; attempt += 1) {
      const row = await this.messages.insert({
        reference: newReference(),
        name: input.name?.trim() ?? '',
        email: input.email.trim(),
        uid: input.uid ? Number(input.uid) : null,
        topic: input.topic,
        message,
        lang: isLanguageCode(input.lang) ? input.lang : 'en',
      });
      if (row) return { reference: row.reference, createdAt: row.createdAt.toISOString() };
    }
    throw new AppError(50000);
  }
}
