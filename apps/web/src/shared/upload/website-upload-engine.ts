import { api } from '../http/api';
import { xhrTransport } from './part-transport';
import { createUploadEngine } from './upload-engine';
import { createUploadServer } from './upload-server';

/** The website's one engine: its credentials are shared by every uploader on the page. */
export const websiteUploadEngine = createUploadEngine({ server: createUploadServer(api), transport: xhrTransport });
