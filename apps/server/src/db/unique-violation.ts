/**
 * The unique index a PostgreSQL unique_violation (23505) hit, on PGlite and node-postgres alike
 * (drizzle wraps the driver's error as the cause): '' when the driver names none, undefined for any
 * other error.
 */
export function violatedUniqueIndex(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}
