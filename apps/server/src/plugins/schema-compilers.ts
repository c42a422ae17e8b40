import type { ValidatorFactory } from '@fastify/ajv-compiler';
import SerializerSelector, { type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import { finiteNumberValidators, type ValidateFunction } from './input-rules';

type Serializer = (data: unknown) => string;

/**
 * Fastify's compilers for the app's schemas, each route's validators and serializers compiled on
 * their first use instead of when the route is registered (decision 0174). Compiling all ~100
 * routes' schemas was about a second of CPU in every start of a server and every test app, while a
 * process answers few of the routes soon after it starts. What is compiled is what Fastify would
 * compile (validators with the finite-number rule of input-rules.ts); `compilePending` compiles
 * every schema not used yet, so a test proves each of them compiles (schema-compilers.test.ts)
 * without a request to every route.
 */
export function lazySchemaCompilers() {
  const pending = new Set<() => unknown>();
  /** `compile` runs once, at the first call of the returned getter or at `compilePending`. */
  const once = <T>(compile: () => T): (() => T) => {
    let compiled: { value: T } | undefined;
    const get = () => {
      if (!compiled) {
        compiled = { value: compile() };
        pending.delete(get);
      }
      return compiled.value;
    };
    pending.add(get);
    return get;
  };

  const finite = finiteNumberValidators();
  const buildValidator = (externalSchemas: unknown, options: unknown) => {
    const compileFor = finite(externalSchemas, options);
    return (route: unknown): ValidateFunction => {
      const validator = once(() => compileFor(route));
      const validate: ValidateFunction = (data, context) => {
        const compiled = validator();
        const result = compiled.schemaEnv ? compiled(data, context) : compiled(data);
        validate.errors = compiled.errors;
        return result;
      };
      // Fastify hands the request as the parent only to a validator that says it is Ajv's: coercion
      // (query strings, params) replaces the root value there. Every validator here is Ajv's.
      validate.schemaEnv = true;
      return validate;
    };
  };

  const serializers = SerializerSelector();
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compileFor = serializers(externalSchemas, options);
    return (route): Serializer => {
      const serializer = once(() => compileFor(route));
      return (data) => serializer()(data);
    };
  };

  return {
    // Fastify types a validator factory as Ajv's own functions (with `$async` and `schema`), which a
    // wrapper is not; it calls it as a plain function of the data, as input-rules.ts's always was.
    compilersFactory: { buildValidator: buildValidator as unknown as ValidatorFactory, buildSerializer },
    /** Compiles every schema no request has used yet and says how many there were. */
    compilePending(): number {
      const left = [...pending];
      for (const compile of left) compile();
      return left.length;
    },
  };
}
