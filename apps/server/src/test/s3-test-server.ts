import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3_MIN_PART_SIZE } from '../storage/s3-storage';

/**
 * A real S3-compatible server for the S3 driver's tests: s3rver (npm, pure JavaScript, no binary
 * download) on 127.0.0.1, in a temporary folder. s3rver 3.7 parses SigV4 (headers and presigned
 * query strings; it checks expiry and the key id, not the signature itself), CreateMultipartUpload, UploadPart, CompleteMultipartUpload, GetObject with
 * ranges, HeadObject and DeleteObject, but not ListParts or AbortMultipartUpload, and it does not
 * enforce S3's 5 MiB minimum part size. No npm-installable S3 server for Node 20 does better
 * (decision 0042), so this front answers those two calls from s3rver's own on-disk part store, in
 * S3's XML, and refuses a Complete with a non-last part under 5 MiB (EntityTooSmall) as S3 does.
 * Everything else goes to s3rver untouched.
 */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** STORAGE_DRIVER=s3 environment for createTestApp. */
  env: Record<string, string>;
  close(): Promise<void>;
}

interface S3rverStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
}

function xml(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

function s3Error(res: ServerResponse, status: number, code: string, message: string) {
  xml(res, status, `<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

interface DiskPart {
  partNumber: number;
  size: number;
  etag: string;
  modified: Date;
}

async function partsOnDisk(uploadDir: string): Promise<DiskPart[] | null> {
  const names = await readdir(uploadDir).catch(() => null);
  if (!names) return null;
  const parts: DiskPart[] = [];
  for (const name of names.filter((n) => /^\d+$/.test(n))) {
    const info = await stat(path.join(uploadDir, name));
    const md5 = await readFile(path.join(uploadDir, `${name}.md5`), 'utf8').catch(() => null);
    if (md5) parts.push({ partNumber: Number(name), size: info.size, etag: `"${md5}"`, modified: info.mtime });
  }
  return parts.sort((a, b) => a.partNumber - b.partNumber);
}

/** Lets a browser on any origin PUT parts and GET objects, as a bucket behind a website is set up. */
const BROWSER_CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

/**
 * `directory` keeps the objects in a folder that outlives the server (`npm run cluster`); by default
 * a temporary folder, removed on close. `port` 0 takes a free one. `browserCors` adds the CORS rule
 * a browser upload needs.
 */
export async function startS3TestServer(options: { directory?: string; port?: number; host?: string; browserCors?: boolean } = {}): Promise<S3TestServer> {
  const directory = options.directory ?? mkdtempSync(path.join(os.tmpdir(), 'vsp-s3rver-'));
  const bucket = 'vsp-test-bucket';
  const configs = options.browserCors ? [BROWSER_CORS] : [];
  const s3rver = new S3rver({ silent: true, directory, vhostBuckets: false, configureBuckets: [{ name: bucket, configs }] });
  await s3rver.configureBuckets();
  const store = (s3rver as unknown as { store: S3rverStore }).store;
  const forward = s3rver.callback();

  const uploadDir = (uploadId: string) => path.join(store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const uploadId = url.searchParams.get('uploadId');
    const isObjectCall = url.pathname.startsWith(`/${bucket}/`) && uploadId !== null && !url.searchParams.has('partNumber');
    if (isObjectCall && req.method === 'GET') {
      const parts = await partsOnDisk(uploadDir(uploadId));
      if (!parts) return s3Error(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
      const key = decodeURIComponent(url.pathname.slice(bucket.length + 2));
      const partXml = parts
        .map(
          (p) =>
            `<Part><PartNumber>${p.partNumber}</PartNumber><LastModified>${p.modified.toISOString()}</LastModified>` +
            `<ETag>${p.etag}</ETag><Size>${p.size}</Size></Part>`,
        )
        .join('');
      return xml(
        res,
        200,
        `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key}</Key>` +
          `<UploadId>${uploadId}</UploadId><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${partXml}</ListPartsResult>`,
      );
    }
    if (isObjectCall && req.method === 'DELETE') {
      const dir = uploadDir(uploadId);
      if (!(await partsOnDisk(dir))) return s3Error(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
      await rm(dir, { recursive: true, force: true });
      res.writeHead(204).end();
      return;
    }
    if (isObjectCall && req.method === 'POST') {
      const parts = (await partsOnDisk(uploadDir(uploadId))) ?? [];
      if (parts.slice(0, -1).some((p) => p.size < S3_MIN_PART_SIZE)) {
        req.resume();
        return s3Error(res, 400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
      }
    }
    forward(req, res);
  }

  const front = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => s3Error(res, 500, 'InternalError', String(error)));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => front.listen(options.port ?? 0, host, resolve));
  const endpoint = `http://${host}:${(front.address() as AddressInfo).port}`;
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      if (!options.directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}
