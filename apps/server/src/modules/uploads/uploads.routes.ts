import type { ApiRoutes } from '../../plugins/signature';
import type { FastifyRequest } from 'fastify';
import { APP_ID_CREDENTIAL } from '@vsp/contract/constants';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import {
  AbortUploadBody,
  AbortUploadResponse,
  CompleteUploadBody,
  CompleteUploadResponse,
  CredentialsQuery,
  CredentialsResponse,
  ListPartsQuery,
  ListPartsResponse,
  SignPartsBody,
  SignPartsResponse,
  StartUploadBody,
  StartUploadResponse,
  abortUploadPath,
  completeUploadPath,
  credentialsPath,
  listPartsPath,
  signPartsPath,
  startUploadPath,
} from '@vsp/contract/endpoints/uploads';
import { currentUser } from '../../plugins/authenticate';
import type { UploadsService } from './uploads.service';

export interface UploadsRoutesOptions {
  uploads: UploadsService;
}

/** The origin the client reached us on: the local driver's URLs use it when PUBLIC_URL is not set. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Signed upload routes: call 4 and the multipart protocol of DESIGN.md section 6. */
export const uploadsRoutes: ApiRoutes<UploadsRoutesOptions> = async (app, { uploads }) => {
  const auth = app.requireUser;
  const tags = ['upload'];

  app.get(
    credentialsPath,
    {
      schema: {
        tags,
        summary: 'Upload credential scoped to one dir, with cdnUrl and expiry (call 4; appId 1000, 4-digit random)',
        headers: TokenHeaders,
        querystring: CredentialsQuery,
        response: { 200: CredentialsResponse },
      },
      config: { signAppId: APP_ID_CREDENTIAL },
      preHandler: auth,
    },
    async (request) => ({ credentials: uploads.issueCredential(currentUser(request).uid, request.query.fileType, requestOrigin(request)) }),
  );

  app.post(
    startUploadPath,
    {
      schema: {
        tags,
        summary: 'Start a multipart upload, or resume the open one of the same file (answers the parts already stored and URLs for the first missing ones)',
        headers: TokenHeaders,
        body: StartUploadBody,
        response: { 200: StartUploadResponse },
      },
      preHandler: auth,
    },
    async (request) => uploads.start(currentUser(request).uid, request.body, requestOrigin(request)),
  );

  app.post(
    signPartsPath,
    {
      schema: { tags, summary: 'Presigned PUT URLs for parts', headers: TokenHeaders, body: SignPartsBody, response: { 200: SignPartsResponse } },
      preHandler: auth,
    },
    async (request) => {
      const { uploadToken, uploadId, partNumbers } = request.body;
      const parts = await uploads.signParts(currentUser(request).uid, uploadToken, uploadId, partNumbers, requestOrigin(request));
      return { parts };
    },
  );

  app.get(
    listPartsPath,
    {
      schema: { tags, summary: 'The parts the store holds', headers: TokenHeaders, querystring: ListPartsQuery, response: { 200: ListPartsResponse } },
      preHandler: auth,
    },
    async (request) => {
      const parts = await uploads.listParts(currentUser(request).uid, request.query.uploadToken, request.query.uploadId);
      return { parts };
    },
  );

  app.post(
    completeUploadPath,
    {
      schema: {
        tags,
        summary: 'Assemble the stored parts into the object (every part must have arrived)',
        headers: TokenHeaders,
        body: CompleteUploadBody,
        response: { 200: CompleteUploadResponse },
      },
      preHandler: auth,
    },
    async (request) => uploads.complete(currentUser(request).uid, request.body.uploadToken, request.body.uploadId, requestOrigin(request)),
  );

  app.post(
    abortUploadPath,
    {
      schema: { tags, summary: 'Cancel: abort the upload and free its parts', headers: TokenHeaders, body: AbortUploadBody, response: { 200: AbortUploadResponse } },
      preHandler: auth,
    },
    async (request) => ({ aborted: await uploads.abort(currentUser(request).uid, request.body.uploadToken, request.body.uploadId) }),
  );
};
