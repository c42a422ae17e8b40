import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { LocalObjectStorage } from './local-storage';
import type { ObjectStorage } from './object-storage';
import { S3ObjectStorage } from './s3-storage';

/** The driver the configuration selects: local disk under DATA_DIR (default) or an S3-compatible store. */
export function openObjectStorage(config: Config): ObjectStorage {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3ObjectStorage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  mkdirSync(path.join(config.dataDir, 'objects'), { recursive: true });
  return new LocalObjectStorage(config.dataDir, config.UPLOAD_SECRET, config.PUBLIC_URL?.replace(/\/$/, ''));
}
