import { APP_ID_CREDENTIAL } from '@vsp/contract/constants';
import {
  abortUploadPath,
  completeUploadPath,
  credentialsPath,
  signPartsPath,
  startUploadPath,
  type SignedPart,
  type UploadCredential,
  type UploadResult,
  type UploadSession,
} from '@vsp/contract/endpoints/uploads';
import type { HttpClient } from '../http/http-client';
import type { UploadServer } from './upload-engine';

/** The engine's API calls on an HTTP client (the website's `api`, or one made for Node). */
export function createUploadServer(client: HttpClient): UploadServer {
  return {
    async credential(fileType) {
      // Call 4 is signed with appId 1000 and a 4-digit random.
      const data = await client.request<{ credentials?: UploadCredential | null }>(credentialsPath, { query: { fileType }, appId: APP_ID_CREDENTIAL });
      return data?.credentials;
    },
    start: (input) => client.request<UploadSession>(startUploadPath, { body: input }),
    async sign(uploadToken, uploadId, partNumbers) {
      return (await client.request<{ parts: SignedPart[] }>(signPartsPath, { body: { uploadToken, uploadId, partNumbers } })).parts;
    },
    complete: (uploadToken, uploadId) => client.request<UploadResult>(completeUploadPath, { body: { uploadToken, uploadId } }),
    abort: (uploadToken, uploadId) => client.request(abortUploadPath, { body: { uploadToken, uploadId } }),
  };
}
