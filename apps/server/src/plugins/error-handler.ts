import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, errorText, httpStatusOf, type FieldIssue } from '@vsp/contract/app-error';
import { STATUS_FAILED, type Failure } from '@vsp/contract/envelope';
import { Errors } from '@vsp/contract/error-codes';

/**
 * The one error handler: catalogue errors keep their code, validation failures become 40000 with
 * the fields at fault, other client errors their own codes, and everything else 50000 with the
 * details in the log only.
 */

export function failureBody(error: AppError): Failure {
  const errInfo: Failure['errInfo'] = { code: error.code, message: errorText(error.code, 'en', error.params) };
  if (error.params) errInfo.params = { ...error.params };
  if (error.fields) errInfo.fields = [...error.fields];
  return { status: STATUS_FAILED, errInfo };
}

export function sendError(reply: FastifyReply, error: AppError) {
  if (error.code === Errors.TooManyAttempts && error.params?.seconds !== undefined) {
    void reply.header('retry-after', String(error.params.seconds));
  }
  return reply.code(httpStatusOf(error.code)).type('application/json; charset=utf-8').send(failureBody(error));
}

function validationFields(error: FastifyError): FieldIssue[] {
  return (error.validation ?? []).map((issue) => {
    const params = issue.params as Record<string, unknown>;
    const missing = typeof params.missingProperty === 'string' ? `/${params.missingProperty}` : '';
    return { field: `${error.validationContext ?? ''}${issue.instancePath ?? ''}${missing}`.replace(/^\//, ''), rule: issue.keyword };
  });
}

/** Maps an error thrown anywhere in a request to the catalogue error the client sees. */
export function toAppError(error: FastifyError | AppError | Error): AppError | undefined {
  if (error instanceof AppError) return error;
  const fe = error as FastifyError;
  if (fe.validation) return new AppError(Errors.ValidationFailed, { fields: validationFields(fe) });
  switch (fe.statusCode) {
    case 404:
      return new AppError(Errors.NotFound);
    case 413:
      return new AppError(Errors.PayloadTooLarge);
    case 415:
      return new AppError(Errors.UnsupportedMediaType);
    case 429:
      return new AppError(Errors.TooManyAttempts, { params: { seconds: 60 } });
    default:
      if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return new AppError(Errors.ValidationFailed);
      return undefined;
  }
}

export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const appError = toAppError(error);
      if (appError) {
        if (httpStatusOf(appError.code) >= 500) request.log.error({ err: error }, 'request failed');
        return sendError(reply, appError);
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, new AppError(Errors.InternalError));
    });
  },
  { name: 'error-handler' },
);
