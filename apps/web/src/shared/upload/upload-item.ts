import type { UploadOutcome } from './upload-engine';

/** Spec section 3: an uploader file item and its status. */
export type UploadItemStatus = 'pending' | 'uploading' | 'success' | 'failed';
/** What the page shows (spec section 4): uploading, uploaded, failed (tap to re-upload), compressing. */
export type UploadVisualState = 'compressing' | 'uploading' | 'uploaded' | 'failed';

export interface UploadItem {
  uid: string;
  name: string;
  size: number;
  status: UploadItemStatus;
  /** Percentage with 2 decimals; 0 again once the upload succeeded or was cancelled. */
  progress: number;
  compressing: boolean;
  /** The server held parts of this file from an earlier attempt: only the missing ones are sent. */
  resuming?: boolean;
  file: File;
  result?: UploadOutcome;
}

export function visualState(item: UploadItem): UploadVisualState {
  if (item.compressing) return 'compressing';
  if (item.status === 'success') return 'uploaded';
  if (item.status === 'failed') return 'failed';
  return 'uploading';
}
