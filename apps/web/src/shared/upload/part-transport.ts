import { PartHttpError, PartNetworkError, PartTimeoutError } from './upload-errors';

/** Sends one part to its presigned URL; reports bytes sent so far. */
export interface PartTransport {
  put(url: string, body: Blob, options: { signal: AbortSignal; timeoutMs: number; onProgress(loaded: number): void }): Promise<void>;
}

function abortError(): DOMException {
  return new DOMException('The part upload was aborted', 'AbortError');
}

/** The browser's transport: XMLHttpRequest, the one browser API that reports upload progress. */
export const xhrTransport: PartTransport = {
  put(url, body, { signal, timeoutMs, onProgress }) {
    return new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(abortError());
      const xhr = new XMLHttpRequest();
      const onAbort = () => xhr.abort();
      const settle = (fn: () => void) => {
        signal.removeEventListener('abort', onAbort);
        fn();
      };
      xhr.open('PUT', url);
      xhr.timeout = timeoutMs;
      xhr.upload.onprogress = (event) => onProgress(event.loaded);
      xhr.onload = () =>
        settle(() => (xhr.status >= 200 && xhr.status < 300 ? (onProgress(body.size), resolve()) : reject(new PartHttpError(xhr.status))));
      xhr.onerror = () => settle(() => reject(new PartNetworkError()));
      xhr.ontimeout = () => settle(() => reject(new PartTimeoutError()));
      xhr.onabort = () => settle(() => reject(abortError()));
      signal.addEventListener('abort', onAbort);
      xhr.send(body);
    });
  },
};

/** For Node (tests, benchmarks): fetch, with progress reported when the part is done. */
export const fetchTransport: PartTransport = {
  async put(url, body, { signal, timeoutMs, onProgress }) {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { method: 'PUT', body, signal: AbortSignal.any([signal, timeout]) });
    } catch (error) {
      if (signal.aborted) throw abortError();
      if (timeout.aborted) throw new PartTimeoutError();
      throw new PartNetworkError({ cause: error });
    }
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new PartHttpError(response.status);
    onProgress(body.size);
  },
};
