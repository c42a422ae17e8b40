import Type, { type Static } from 'typebox';
import { Ok } from '../envelope-schema';

export const healthPath = '/healthz';

export const HealthSchema = Ok(
  Type.Object({
    ok: Type.Boolean(),
    database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
    cache: Type.Union([Type.Literal('memory'), Type.Literal('redis')]),
    uptimeSeconds: Type.Number(),
  }),
);
export type Health = Static<typeof HealthSchema>['data'];
