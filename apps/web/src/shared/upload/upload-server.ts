import type { ApiClient } from '@vsp/api-client/call-types';
import { APP_ID_CREDENTIAL } from '@vsp/contract/constants';
import { abortUploadPath, completeUploadPath, credentialsPath, signPartsPath, startUploadPath } from '@vsp/contract/endpoints/uploads';
import type { UploadServer } from './upload-engine';

/** The engine's API calls on an API client (the website's `api`, or one made for Node). */
export function createUploadServer(client: ApiClient): UploadServer {
  return {
    // Call 4 is signed with appId 1000 and a 4-digit random.
    credential: async (fileType) => (await client.get(credentialsPath, { query: { fileType }, appId: APP_ID_CREDENTIAL })).credentials,
    start: (input) => client.post(startUploadPath, { body: input }),
    sign: async (uploadToken, uploadId, partNumbers) => (await client.post(signPartsPath, { body: { uploadToken, uploadId, partNumbers } })).parts,
    complete: (uploadToken, uploadId) => client.post(completeUploadPath, { body: { uploadToken, uploadId } }),
    abort: (uploadToken, uploadId) => client.post(abortUploadPath, { body: { uploadToken, uploadId } }),
  };
}
