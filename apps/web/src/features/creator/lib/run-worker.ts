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
  let worker: Worker | undefined;
  const listening = new AbortController();
  return new Promise<Result>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    worker = create();
    signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { signal: listening.signal });
    worker.onmessage = (event: MessageEvent<Reply>) => onMessage(event.data, { resolve, reject });
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(event.message || 'worker failed'));
    };
    worker.postMessage(request);
  }).finally(() => {
    worker?.terminate();
    listening.abort();
  });
}
