/** Errors of the upload engine; their messages are the spec's own where it names one. */

/** Spec section 4: a missing credential ends the item in error with this message. */
export const MISSING_CREDENTIAL_MESSAGE = 'OSS凭证不存在';

export class MissingCredentialError extends Error {
  constructor() {
    super(MISSING_CREDENTIAL_MESSAGE);
    this.name = 'MissingCredentialError';
  }
}

/** Cancel rejects with this and shows no toast (spec section 8). */
export class UploadCancelledError extends Error {
  constructor(readonly uid: string) {
    super(`Upload cancelled for UID ${uid}`);
    this.name = 'UploadCancelledError';
  }
}

/** A part PUT answered with an HTTP error status. */
export class PartHttpError extends Error {
  constructor(readonly status: number) {
    super(`part upload answered ${status}`);
    this.name = 'PartHttpError';
  }
}

/** A part PUT got no answer: connection refused or dropped. */
export class PartNetworkError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('part upload failed on the network', options);
    this.name = 'PartNetworkError';
  }
}

/** A part PUT took longer than the per-part timeout (120 000 ms). */
export class PartTimeoutError extends Error {
  constructor() {
    super('part upload timed out');
    this.name = 'PartTimeoutError';
  }
}

/** A part failed after its retries; the upload stays open on the server and resumes later. */
export class UploadFailedError extends Error {
  constructor(
    readonly partNumber: number,
    options?: { cause?: unknown },
  ) {
    super(`part ${partNumber} failed after its retries`, options);
    this.name = 'UploadFailedError';
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException ? error.name === 'AbortError' : (error as { name?: unknown })?.name === 'AbortError';
}
