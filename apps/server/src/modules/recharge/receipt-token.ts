import { createHmac } from 'node:crypto';
import { signsEqual } from '@vsp/contract/signing';

/**
 * The token of an order's mailed receipt link: an HMAC of the order number under RECEIPT_SECRET
 * (decision 0128). Nothing is stored, every mail about the order can carry the same link, and
 * neither the order number nor a copy of the database is enough to make one.
 */
export function receiptToken(secret: string, orderNo: string): string {
  return createHmac('sha256', secret).update(`receipt:${orderNo}`).digest('base64url');
}

export function receiptTokenMatches(secret: string, orderNo: string, token: string): boolean {
  return signsEqual(receiptToken(secret, orderNo), token);
}
