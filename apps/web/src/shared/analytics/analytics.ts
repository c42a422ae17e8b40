import { scrubUrls, shareableUrl } from '@vsp/contract/shareable-url';
import type { AnalyticsEvent, CollectInput, ErrorKind, ErrorReport, ErrorReportsInput, PageView } from '@vsp/contract/endpoints/analytics';
import { ANALYTICS_BATCH_MAX, collectPath, errorReportsPath } from '@vsp/contract/endpoints/analytics';
import { APP_ID_DEFAULT } from '@vsp/contract/constants';
import { signParams } from '@vsp/contract/signing';
import { publicConfig } from '../config/public-config';
import { api } from '../http/api';
import { randomHex } from '../dom/random-hex';
import { tabStore } from '../storage/local-store';

/**
 * First-party analytics and error reporting (spec section 7). Page views and events wait in a
 * queue and leave in batches: FLUSH_DELAY_MS after the first one, at once when a batch is full,
 * and by navigator.sendBeacon when the page is hidden (a closing tab cannot wait for fetch).
 * Script errors are reported once per browser session per distinct error. Performance timings
 * are sent only by sessions drawn at the configured sample rate (spec section 9: 1).
 */

export const FLUSH_DELAY_MS = 2000;
const SESSION_KEY = 'analytics.session';
const SAMPLED_KEY = 'analytics.traced';
const REPORTED_KEY = 'analytics.reported-errors';

type NewPageView = Omit<PageView, 'at'>;
type NewEvent = Omit<AnalyticsEvent, 'at' | 'path'> & { path?: string };
export type NewErrorReport = Omit<ErrorReport, 'at' | 'path'> & { path?: string };

/** This tab's session storage; where it fails, this page's memory keeps what it would. */
const memory = new Map<string, string>();
const sessionStore = {
  get: (key: string): string | null => tabStore.get(key) ?? memory.get(key) ?? null,
  set(key: string, value: string) {
    memory.set(key, value);
    tabStore.set(key, value);
  },
};

/** The random id of this browser session (a tab), the unit of "once per session". */
export function analyticsSessionId(): string {
  let id = sessionStore.get(SESSION_KEY);
  if (!id) {
    id = randomHex(12);
    sessionStore.set(SESSION_KEY, id);
  }
  return id;
}

/** Whether this session sends performance timings; drawn once per session at the sample rate. */
export function isTraced(rate = publicConfig.traceSampleRate): boolean {
  let drawn = sessionStore.get(SAMPLED_KEY);
  if (drawn === null) {
    drawn = Math.random() < rate ? '1' : '0';
    sessionStore.set(SAMPLED_KEY, drawn);
  }
  return drawn === '1';
}

let uid: string | undefined;
let lang: string | undefined;
const pageViews: PageView[] = [];
const events: AnalyticsEvent[] = [];
let timer: number | undefined;

/** The page's address as it may leave the page: its path and shareable query keys (decision 0140). */
const currentPath = () => shareableUrl(`${location.pathname}${location.search}`);

/** Attributes what follows to a logged-in account (after login; undefined after logout). */
export function identifyUser(accountId: string | number | undefined): void {
  uid = accountId === undefined || accountId === '' ? undefined : String(accountId);
}

/** The interface language sent with every batch. */
export function setAnalyticsLanguage(language: string): void {
  lang = language;
}

function envelope(): Omit<CollectInput, 'pageViews' | 'events'> {
  return { sessionId: analyticsSessionId(), uid, lang };
}

function schedule() {
  if (pageViews.length + events.length >= ANALYTICS_BATCH_MAX) {
    void flush();
    return;
  }
  if (timer === undefined) timer = window.setTimeout(() => void flush(), FLUSH_DELAY_MS);
}

export function trackPageView(view: NewPageView): void {
  const item: PageView = { ...view, path: shareableUrl(view.path), ...(view.referrer ? { referrer: shareableUrl(view.referrer) } : {}), at: Date.now() };
  if (!isTraced()) delete item.durationMs;
  pageViews.push(item);
  schedule();
}

/** One interaction, e.g. `{ category: 'web_home', name: 'jump_ios_store', target, source }`. */
export function trackEvent(event: NewEvent): void {
  // (A target is an address the site's own code chose, a store link with its app id: kept as it is.)
  events.push({ ...event, path: event.path ? shareableUrl(event.path) : currentPath(), at: Date.now() });
  schedule();
}

function takeBatch(): CollectInput | undefined {
  if (timer !== undefined) window.clearTimeout(timer);
  timer = undefined;
  if (pageViews.length === 0 && events.length === 0) return undefined;
  const batch: CollectInput = envelope();
  if (pageViews.length > 0) batch.pageViews = pageViews.splice(0, ANALYTICS_BATCH_MAX);
  if (events.length > 0) batch.events = events.splice(0, ANALYTICS_BATCH_MAX);
  return batch;
}

/**
 * Analytics calls are kept alive: a batch under way when the visitor navigates on (to a payment
 * page, a store) still arrives, and the browser does not abort it with the page.
 */
const send = (path: typeof collectPath | typeof errorReportsPath, body: CollectInput | ErrorReportsInput) => api.post(path, { body, keepalive: true }).catch(() => undefined);

/** Sends what is queued now; a failed send is dropped (analytics never retries into a loop). */
export async function flush(): Promise<void> {
  for (let batch = takeBatch(); batch; batch = takeBatch()) await send(collectPath, batch);
}

/** The page is going away: hand the rest to the browser, signed like any call. */
function beacon(path: string, body: CollectInput): boolean {
  const secret = publicConfig.signSecrets[String(APP_ID_DEFAULT)];
  if (!secret || typeof navigator.sendBeacon !== 'function') return false;
  const payload = JSON.stringify(signParams(body, { secret }));
  return navigator.sendBeacon(path, new Blob([payload], { type: 'application/json' }));
}

export function flushWithBeacon(): void {
  for (let batch = takeBatch(); batch; batch = takeBatch()) {
    if (!beacon(collectPath, batch)) void send(collectPath, batch);
  }
}

function reportedSet(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStore.get(REPORTED_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

/** The identity of an error for "report once per session": kind, message and place. */
export function errorKey(report: Pick<NewErrorReport, 'kind' | 'message' | 'source' | 'line' | 'column'>): string {
  return [report.kind, report.message, report.source ?? '', report.line ?? '', report.column ?? ''].join('|');
}

/** Reports an error unless the same one was already reported in this session. Answers whether it was sent. */
export function reportError(report: NewErrorReport): boolean {
  const key = errorKey(report);
  const reported = reportedSet();
  if (reported.has(key)) return false;
  reported.add(key);
  sessionStore.set(REPORTED_KEY, JSON.stringify([...reported].slice(-200)));
  const body: ErrorReportsInput = {
    ...envelope(),
    reports: [
      {
        ...report,
        message: scrubUrls(report.message).slice(0, 1000) || 'Error',
        ...(report.source ? { source: scrubUrls(report.source).slice(0, 512) } : {}),
        ...(report.stack ? { stack: scrubUrls(report.stack).slice(0, 8000) } : {}),
        path: (report.path ? shareableUrl(report.path) : currentPath()).slice(0, 512),
        at: Date.now(),
      },
    ],
  };
  void send(errorReportsPath, body);
  return true;
}

/** Describes anything thrown as an error report of the given kind. */
export function errorReportOf(kind: ErrorKind, error: unknown): NewErrorReport {
  if (error instanceof Error) return { kind, message: `${error.name}: ${error.message}`, ...(error.stack ? { stack: error.stack } : {}) };
  return { kind, message: typeof error === 'string' ? error : JSON.stringify(error) ?? String(error) };
}

let installed = false;

/** Listens for uncaught script errors and rejections, and flushes the queue when the page hides. */
export function installAnalytics(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (event) => {
    // Failed <img>/<script> loads also arrive here without an error object; only script errors count.
    if (!(event instanceof ErrorEvent)) return;
    reportError({
      kind: 'script',
      message: event.message || 'Script error',
      ...(event.filename ? { source: event.filename } : {}),
      ...(event.lineno ? { line: event.lineno } : {}),
      ...(event.colno ? { column: event.colno } : {}),
      ...(event.error instanceof Error && event.error.stack ? { stack: event.error.stack } : {}),
    });
  });
  window.addEventListener('unhandledrejection', (event) => reportError(errorReportOf('promise', event.reason)));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushWithBeacon();
  });
  window.addEventListener('pagehide', flushWithBeacon);
}
