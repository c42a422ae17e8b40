import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Where a device's mark is sent back: the sign-in and password-reset calls, nothing else. */
const DEVICE_COOKIE_PATH = '/v1/user/official';
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const cookieName = (uid: number) => `vsp_device_${uid}`;

/**
 * Who is asking to sign in or reset a password: the client address, and the device mark it holds
 * for an account it signed in to before, if any (decision 0145).
 */
export interface AuthClient {
  address: string;
  /** The mark this client proves for `uid`: an id of the browser that signed in to it before. */
  deviceOf(uid: number): string | undefined;
}

/**
 * Device marks (OWASP's "device cookies"): a browser that signed in to an account, or completed a
 * password reset for it, gets an HttpOnly cookie holding an id signed for that account. Its later
 * attempts on the account count against that device alone, never against the account-wide limit
 * that strangers can fill, so nobody can lock the owner out of a device they use (issue 28).
 */
export class DeviceTrust {
  constructor(private readonly secret: string) {}

  /** The client of a request: its address, and the marks its cookies prove. */
  clientOf(request: FastifyRequest): AuthClient {
    const cookies = fastifyCookie.parse(request.headers.cookie ?? '');
    return {
      address: request.clientAddress,
      deviceOf: (uid) => {
        const value = cookies[cookieName(uid)];
        if (!value) return undefined;
        const unsigned = fastifyCookie.unsign(value, this.secret);
        if (!unsigned.valid || !unsigned.value?.startsWith(`${uid}.`)) return undefined;
        return unsigned.value;
      },
    };
  }

  /** Marks the requesting browser (`client`, as `clientOf` read it) as one the owner of `uid` uses; keeps an existing mark. */
  remember(request: FastifyRequest, reply: FastifyReply, client: AuthClient, uid: number): void {
    if (client.deviceOf(uid)) return;
    const value = fastifyCookie.sign(`${uid}.${randomBytes(16).toString('base64url')}`, this.secret);
    const secure = request.protocol === 'https';
    void reply.header(
      'set-cookie',
      fastifyCookie.serialize(cookieName(uid), value, { path: DEVICE_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure, maxAge: DEVICE_COOKIE_MAX_AGE_S }),
    );
  }
}
