import { randomInt } from 'node:crypto';
import { AppError } from '@vsp/contract/app-error';
import { SUPPORT_LIMITS, type SupportMessageInput, type SupportReceipt } from '@vsp/contract/endpoints/support';
import { Errors } from '@vsp/contract/error-codes';
import { isLanguageCode } from '@vsp/contract/languages';
import type { SupportRepository } from './support.repository';

/** No 0/O, 1/I/L: a reference read out over the phone or typed from a screenshot stays unambiguous. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newReference(): string {
  const pick = (n: number) => Array.from({ length: n }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');
  return `CS-${pick(4)}-${pick(4)}`;
}

export class SupportService {
  constructor(private readonly deps: { messages: SupportRepository }) {}

  /** Stores a visitor's message and answers its reference (the route limits messages per address). */
  async submit(input: SupportMessageInput): Promise<SupportReceipt> {
    const message = input.message.trim();
    if (message.length < SUPPORT_LIMITS.messageMin) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'message', rule: 'minLength' }] });

    for (let attempt = 0; attempt < 5; attempt += 1) {
      const row = await this.deps.messages.insert({
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
    throw new AppError(Errors.InternalError);
  }
}
