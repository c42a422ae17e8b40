import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Static } from 'typebox';
import { isFailure, type Failure } from './envelope';
import type { FailureSchema } from './envelope-schema';

describe('envelope', () => {
  it("writes the failure type by hand as its schema says it (checked by the type checker), so pages carry no schema code", () => {
    expectTypeOf<Failure>().toEqualTypeOf<Static<typeof FailureSchema>>();
  });

  it('tells a failure from a success', () => {
    expect(isFailure({ status: 0, errInfo: { code: 40100, message: 'Please log in first' } })).toBe(true);
    expect(isFailure({ status: 1, data: {} })).toBe(false);
  });
});
