import { createHash } from 'node:crypto';
import { scrubUrls, shareableUrl } from '@vsp/contract/shareable-url';
import type {
  CollectInput,
  ErrorReport,
  ErrorReportsInput,
  StoredErrorReport,
  StoredEvent,
  StoredPageView,
} from '@vsp/contract/endpoints/analytics';
import type { AnalyticsRepository, ListFilter } from './analytics.repository';

/** Client clocks drift and batches wait a little; a time outside this window becomes the receive time. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
const MAX_AHEAD_MS = 5 * 60 * 1000;

export interface IntakeContext {
  userAgent: string | undefined;
}

/** The same error (kind, message, place) has the same fingerprint, in any session. */
export function errorFingerprint(report: Pick<ErrorReport, 'kind' | 'message' | 'source' | 'line' | 'column'>): string {
  const key = [report.kind, report.message, report.source ?? '', report.line ?? '', report.column ?? ''].join('\n');
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

interface StoredRow {
  userAgent: string | null;
  occurredAt: Date;
  receivedAt: Date;
}

/** A stored row as operators read it: times as ISO text, the user agent left out. */
function toStored<T extends StoredRow>(row: T): Omit<T, keyof StoredRow> & { occurredAt: string; receivedAt: string } {
  const { userAgent: _ua, occurredAt, receivedAt, ...rest } = row;
  return { ...rest, occurredAt: occurredAt.toISOString(), receivedAt: receivedAt.toISOString() };
}

export interface AnalyticsServiceDeps {
  analytics: AnalyticsRepository;
  now: () => number;
}

export class AnalyticsService {
  constructor(private readonly deps: AnalyticsServiceDeps) {}

  #occurredAt(at: number): Date {
    const now = this.deps.now();
    return new Date(at > now + MAX_AHEAD_MS || at < now - MAX_AGE_MS ? now : at);
  }

  #common(input: { sessionId: string; uid?: string | undefined; lang?: string | undefined }, context: IntakeContext) {
    return {
      sessionId: input.sessionId,
      uid: input.uid ? Number(input.uid) : null,
      lang: input.lang ?? null,
      userAgent: context.userAgent?.slice(0, 512) ?? null,
    };
  }

  /** Stores a batch of page views and events; answers how many records were stored. */
  async recordBatch(input: CollectInput, context: IntakeContext): Promise<number> {
    const common = this.#common(input, context);
    const pageViews = (input.pageViews ?? []).map((view) => ({
      ...common,
      path: shareableUrl(view.path),
      title: view.title,
      referrer: view.referrer ? shareableUrl(view.referrer) : null,
      durationMs: view.durationMs ?? null,
      occurredAt: this.#occurredAt(view.at),
    }));
    const events = (input.events ?? []).map((event) => ({
      ...common,
      category: event.category,
      name: event.name,
      target: event.target ?? null,
      source: event.source ?? null,
      path: shareableUrl(event.path),
      props: event.props ?? null,
      occurredAt: this.#occurredAt(event.at),
    }));
    return this.deps.analytics.insertBatch(pageViews, events);
  }

  /** Stores error reports, each distinct error once per browser session; answers how many were new. */
  async recordErrors(input: ErrorReportsInput, context: IntakeContext): Promise<number> {
    const common = this.#common(input, context);
    const seen = new Set<string>();
    const rows = [];
    for (const sent of input.reports) {
      // No secret from the page's address is stored, nor counts in the fingerprint (decision 0140).
      const report = { ...sent, message: scrubUrls(sent.message), path: shareableUrl(sent.path), ...(sent.stack ? { stack: scrubUrls(sent.stack) } : {}), ...(sent.source ? { source: scrubUrls(sent.source) } : {}) };
      const fingerprint = errorFingerprint(report);
      if (seen.has(fingerprint)) continue;
      seen.add(fingerprint);
      rows.push({
        ...common,
        fingerprint,
        kind: report.kind,
        message: report.message,
        source: report.source ?? null,
        line: report.line ?? null,
        column: report.column ?? null,
        stack: report.stack ?? null,
        path: report.path,
        occurredAt: this.#occurredAt(report.at),
      });
    }
    return this.deps.analytics.insertErrorReports(rows);
  }

  async pageViews(filter: ListFilter): Promise<StoredPageView[]> {
    return (await this.deps.analytics.listPageViews(filter)).map(toStored);
  }

  async events(filter: ListFilter & { category?: string | undefined; name?: string | undefined }): Promise<StoredEvent[]> {
    return (await this.deps.analytics.listEvents(filter)).map(toStored);
  }

  async errorReports(filter: ListFilter): Promise<StoredErrorReport[]> {
    return (await this.deps.analytics.listErrorReports(filter)).map(toStored);
  }
}
