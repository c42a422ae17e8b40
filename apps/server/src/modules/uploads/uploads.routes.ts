import type { ApiRoutes } from '../../plugins/signature';
import type { FastifyRequest } from 'fastify';
import { APP_ID_CREDENTIAL } from '@vsp/contract/constants';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { UploadsService } from './uploads.service';

/** The origin the client reached us on: the local driver's URLs use it when PUBLIC_URL is not set. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Signed upload routes: call 4 and the multipart protocol of DESIGN.md section 6. */
export const uploadsRoutes: ApiRoutes<ModuleOptions<{ uploads: UploadsService }>> = async (app, { services: { uploads } }) => {
  const auth = app.requireUser;
  const tags = ['upload'];

  app.route({
    ...operationRoute(app, 'uploadCredential', { tags, summary: 'Upload credential scoped to one dir, with cdnUrl and expiry (call 4; appId 1000, 4-digit random)', headers: TokenHeaders, config: { signAppId: APP_ID_CREDENTIAL } }),
    preHandler: auth,
    handler: async (request) => ({ credentials: uploads.issueCredential(currentUser(request).uid, request.query.fileType, requestOrigin(request)) }),
  });

  app.route({
    ...operationRoute(app, 'startUpload', { tags, summary: 'Start a multipart upload, or resume the open one of the same file (answers the parts already stored and URLs for the first missing ones)', headers: TokenHeaders }),
    preHandler: auth,
    handler: async (request) => uploads.start(currentUser(request).uid, request.body, requestOrigin(request)),
  });

  app.route({
    ...operationRoute(app, 'signUploadParts', { tags, summary: 'Presigned PUT URLs for parts', headers: TokenHeaders }),
    preHandler: auth,
    handler: async (request) => {
      const { uploadToken, uploadId, partNumbers } = request.body;
      return { parts: await uploads.signParts(currentUser(request).uid, uploadToken, uploadId, partNumbers, requestOrigin(request)) };
    },
  });

  app.route({
    ...operationRoute(app, 'uploadedParts', { tags, summary: 'The parts the store holds', headers: TokenHeaders }),
    preHandler: auth,
    handler: async (request) => ({ parts: await uploads.listParts(currentUser(request).uid, request.query.uploadToken, request.query.uploadId) }),
  });

  app.route({
    ...operationRoute(app, 'completeUpload', { tags, summary: 'Assemble the stored parts into the object (every part must have arrived)', headers: TokenHeaders }),
    preHandler: auth,
    handler: async (request) => uploads.complete(currentUser(request).uid, request.body.uploadToken, request.body.uploadId, requestOrigin(request)),
  });

  app.route({
    ...operationRoute(app, 'abortUpload', { tags, summary: 'Cancel: abort the upload and free its parts', headers: TokenHeaders }),
    preHandler: auth,
    handler: async (request) => ({ aborted: await uploads.abort(currentUser(request).uid, request.body.uploadToken, request.body.uploadId) }),
  });
};
