/**
 * Every response is an envelope: `{ status: 1, data }` on success, `{ status: <not 1>, errInfo }`
 * on failure, with an honest HTTP status beside it. Plain types and guards here (the website uses
 * them); the JSON schemas for validation and OpenAPI live in envelope-schema.ts.
 */

export const STATUS_OK = 1;
export const STATUS_FAILED = 0;

export interface Failure {
  status: number;
  errInfo: {
    code: number;
    message: string;
    params?: Record<string, string | number>;
    fields?: { field: string; rule: string }[];
  };
}

export function isFailure(body: unknown): body is Failure {
  return (
    typeof body === 'object' &&
    body !== null &&
    'status' in body &&
    (body as { status: unknown }).status !== STATUS_OK &&
    'errInfo' in body
  );
}
