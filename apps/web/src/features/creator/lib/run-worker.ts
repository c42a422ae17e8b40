/**
 * Runs a worker until `onMessage` settles the returned promise; terminating it when the promise
 * settles or the signal aborts (then the promise rejects with an AbortError).
 */
export function runWorker<Request, Reply, Result>(
  create: () => Worker,
  request: Request,
  onMessage: (reply: Reply, settle: { resolve(result: Result): void; reject(error: unknown): void }) => void,
  signal?: AbortSignal,
): Promise<Result> {
  return new Promise<Result>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const worker = create();
    const done = () => {
      worker.terminate();
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      done();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    worker.onmessage = (event: MessageEvent<Reply>) =>
      onMessage(event.data, {
        resolve: (result) => {
          done();
          resolve(result);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
    worker.onerror = (event) => {
      event.preventDefault();
      done();
      reject(new Error(event.message || 'worker failed'));
    };
    worker.postMessage(request);
  });
}
