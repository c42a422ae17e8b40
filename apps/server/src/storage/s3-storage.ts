import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { UPLOAD_PART_SIZE } from '@vsp/contract/constants';
import type { StoredPart } from '@vsp/contract/endpoints/uploads';
import { MultipartNotFoundError, OBJECT_CACHE_CONTROL, type ObjectStorage } from './object-storage';

/** S3 refuses parts under 5 MiB except the last one. */
export const S3_MIN_PART_SIZE = 5 * 1024 * 1024;

export interface S3StorageOptions {
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  publicUrl?: string | undefined;
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchUpload' || error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

/** Rethrows the store's not-found of an upload as MultipartNotFoundError, any other error as it is. */
function multipartError(storageUploadId: string) {
  return (error: unknown): never => {
    throw isNotFound(error) ? new MultipartNotFoundError(storageUploadId) : error;
  };
}

/**
 * Any S3-compatible store (AWS S3, MinIO, R2, OSS) through the AWS SDK: presigned UploadPart URLs
 * for the browser, ListParts as the truth about what arrived, Complete and Abort on the server.
 * Checksums are only sent where the API requires them, so stores that do not know the newer
 * checksum headers keep working.
 */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly partSize = Math.max(UPLOAD_PART_SIZE, S3_MIN_PART_SIZE);
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly baseUrl: string;
  /** Where the browser sends the presigned part uploads: the store's own endpoint for this bucket. */
  private readonly uploadOrigin: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    });
    const endpoint = options.endpoint?.replace(/\/$/, '');
    const fallback = endpoint
      ? options.forcePathStyle
        ? `${endpoint}/${options.bucket}/`
        : `${endpoint.replace('://', `://${options.bucket}.`)}/`
      : `https://${options.bucket}.s3.${options.region}.amazonaws.com/`;
    this.baseUrl = options.publicUrl ? `${options.publicUrl.replace(/\/$/, '')}/` : fallback;
    this.uploadOrigin = new URL(options.forcePathStyle ? (endpoint ?? `https://s3.${options.region}.amazonaws.com`) : fallback).origin;
  }

  /** The origins a browser reaches for objects: downloads (the public base) and part uploads. */
  browserOrigins(): string[] {
    return [...new Set([new URL(this.baseUrl).origin, this.uploadOrigin])];
  }

  publicBaseUrl(): string {
    return this.baseUrl;
  }

  async createMultipart(input: { key: string; contentType: string; contentDisposition: 'inline' | 'attachment' }): Promise<string> {
    // The object keeps these for every GET, so the bucket (or the CDN in front of it) serves it
    // with the type and disposition the server chose, never one derived from a client's name.
    const result = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: input.key,
        ContentType: input.contentType,
        ContentDisposition: input.contentDisposition,
        CacheControl: OBJECT_CACHE_CONTROL,
      }),
    );
    if (!result.UploadId) throw new Error('the store answered no UploadId');
    return result.UploadId;
  }

  async signPart(input: { key: string; storageUploadId: string; partNumber: number; expiresAt: number }): Promise<string> {
    const expiresIn = Math.max(1, Math.floor((input.expiresAt - Date.now()) / 1000));
    return getSignedUrl(
      this.client,
      new UploadPartCommand({ Bucket: this.bucket, Key: input.key, UploadId: input.storageUploadId, PartNumber: input.partNumber }),
      { expiresIn },
    );
  }

  async listParts(key: string, storageUploadId: string): Promise<StoredPart[]> {
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    for (;;) {
      const page = await this.client
        .send(new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: storageUploadId, PartNumberMarker: marker }))
        .catch(multipartError(storageUploadId));
      for (const part of page.Parts ?? []) {
        if (part.PartNumber && part.ETag) parts.push({ partNumber: part.PartNumber, size: part.Size ?? 0, etag: part.ETag });
      }
      if (!page.IsTruncated || !page.NextPartNumberMarker) break;
      marker = page.NextPartNumberMarker;
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeMultipart(key: string, storageUploadId: string, parts: readonly StoredPart[]): Promise<void> {
    await this.client
      .send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: storageUploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }),
      )
      .catch(multipartError(storageUploadId));
  }

  async abortMultipart(key: string, storageUploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: storageUploadId }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const result = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
    );
    if (!(result.Body instanceof Readable)) throw new Error('the store answered no body stream');
    return result.Body;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
