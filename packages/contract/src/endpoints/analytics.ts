import Type, { type Static, type TSchema } from 'typebox';
import { Ok } from '../envelope-schema';
import { signed } from './signed';
import { EPOCH_MS_MAX, INT4_MAX } from '../integers';

/**
 * First-party analytics and error intake (spec section 7: "error-reporting and analytics services
 * are also called"). Browsers post batches, signed like every /v1 call so that a replayed batch is
 * refused; on page hide the batch travels by navigator.sendBeacon with the same signed body.
 * Every string is bounded and every list capped, so one request stays small.
 */

export const ANALYTICS_BATCH_MAX = 50;
export const ERROR_REPORTS_MAX = 10;
/** Body limit of both intake routes. */
export const ANALYTICS_BODY_LIMIT = 64 * 1024;

const SessionId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: 'random id of the browser session' });
const Uid = Type.String({ pattern: '^[0-9]{1,15}$', description: 'the logged-in account ID, as the client knows it' });
const Lang = Type.String({ maxLength: 16 });
const Path = Type.String({ minLength: 1, maxLength: 512, description: 'page path (and query) where it happened' });
const At = Type.Integer({ minimum: 0, maximum: EPOCH_MS_MAX, description: 'client time in ms since the epoch' });
const Name = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' });

export const PageViewSchema = Type.Object(
  {
    path: Path,
    title: Type.String({ maxLength: 200 }),
    referrer: Type.Optional(Type.String({ maxLength: 512 })),
    durationMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000, description: 'render time; sampled sessions only' })),
    at: At,
  },
  { additionalProperties: false },
);
export type PageView = Static<typeof PageViewSchema>;

export const AnalyticsEventSchema = Type.Object(
  {
    category: Name,
    name: Name,
    target: Type.Optional(Type.String({ maxLength: 1024, description: 'where the click leads (path or link)' })),
    source: Type.Optional(Type.String({ maxLength: 64, description: 'what was clicked (jump source)' })),
    path: Path,
    props: Type.Optional(
      Type.Record(Type.String({ maxLength: 32 }), Type.Union([Type.String({ maxLength: 256 }), Type.Number({ minimum: -1e15, maximum: 1e15 })]), { maxProperties: 16 }),
    ),
    at: At,
  },
  { additionalProperties: false },
);
export type AnalyticsEvent = Static<typeof AnalyticsEventSchema>;

export const collectPath = '/v1/analytics/collect';
export const CollectBody = signed({
  sessionId: SessionId,
  uid: Type.Optional(Uid),
  lang: Type.Optional(Lang),
  pageViews: Type.Optional(Type.Array(PageViewSchema, { maxItems: ANALYTICS_BATCH_MAX })),
  events: Type.Optional(Type.Array(AnalyticsEventSchema, { maxItems: ANALYTICS_BATCH_MAX })),
});
export type CollectInput = Omit<Static<typeof CollectBody>, 'appId' | 'timestamp' | 'random' | 'sign'>;
export const AcceptedSchema = Type.Object({ accepted: Type.Integer({ description: 'records stored' }) });
export const CollectResponse = Ok(AcceptedSchema);

export const ERROR_KINDS = ['script', 'promise', 'chunk', 'render'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export const ErrorReportSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('script'), Type.Literal('promise'), Type.Literal('chunk'), Type.Literal('render')]),
    message: Type.String({ minLength: 1, maxLength: 1000 }),
    source: Type.Optional(Type.String({ maxLength: 512, description: 'script URL' })),
    line: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
    column: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
    stack: Type.Optional(Type.String({ maxLength: 8000 })),
    path: Path,
    at: At,
  },
  { additionalProperties: false },
);
export type ErrorReport = Static<typeof ErrorReportSchema>;

export const errorReportsPath = '/v1/analytics/errors';
export const ErrorReportsBody = signed({
  sessionId: SessionId,
  uid: Type.Optional(Uid),
  lang: Type.Optional(Lang),
  reports: Type.Array(ErrorReportSchema, { minItems: 1, maxItems: ERROR_REPORTS_MAX }),
});
export type ErrorReportsInput = Omit<Static<typeof ErrorReportsBody>, 'appId' | 'timestamp' | 'random' | 'sign'>;
export const ErrorReportsResponse = Ok(AcceptedSchema);

/** Operator reads of what was stored, newest first (the console's analytics views). */
const ListQuery = {
  sessionId: Type.Optional(SessionId),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
};
const StoredMeta = {
  id: Type.Integer(),
  sessionId: Type.String(),
  uid: Type.Union([Type.Integer(), Type.Null()]),
  lang: Type.Union([Type.String(), Type.Null()]),
  occurredAt: Type.String({ description: 'ISO time' }),
  receivedAt: Type.String({ description: 'ISO time' }),
};
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const listPageViewsPath = '/v1/analytics/page-views';
export const ListPageViewsQuery = signed(ListQuery);
export const StoredPageViewSchema = Type.Object({
  ...StoredMeta,
  path: Type.String(),
  title: Type.String(),
  referrer: Nullable(Type.String()),
  durationMs: Nullable(Type.Integer()),
});
export type StoredPageView = Static<typeof StoredPageViewSchema>;
export const ListPageViewsResponse = Ok(Type.Object({ items: Type.Array(StoredPageViewSchema) }));

export const listEventsPath = '/v1/analytics/events';
export const ListEventsQuery = signed({ ...ListQuery, category: Type.Optional(Name), name: Type.Optional(Name) });
export const StoredEventSchema = Type.Object({
  ...StoredMeta,
  category: Type.String(),
  name: Type.String(),
  target: Nullable(Type.String()),
  source: Nullable(Type.String()),
  path: Type.String(),
  props: Type.Union([Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])), Type.Null()]),
});
export type StoredEvent = Static<typeof StoredEventSchema>;
export const ListEventsResponse = Ok(Type.Object({ items: Type.Array(StoredEventSchema) }));

export const listErrorReportsPath = '/v1/analytics/errors';
export const ListErrorReportsQuery = signed(ListQuery);
export const StoredErrorReportSchema = Type.Object({
  ...StoredMeta,
  fingerprint: Type.String(),
  kind: Type.String(),
  message: Type.String(),
  source: Nullable(Type.String()),
  line: Nullable(Type.Integer()),
  column: Nullable(Type.Integer()),
  stack: Nullable(Type.String()),
  path: Type.String(),
});
export type StoredErrorReport = Static<typeof StoredErrorReportSchema>;
export const ListErrorReportsResponse = Ok(Type.Object({ items: Type.Array(StoredErrorReportSchema) }));
