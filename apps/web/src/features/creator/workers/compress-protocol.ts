/** Messages between the page and the compression worker. */

export interface CompressRequest {
  type: 'compress';
  files: { path: string; file: File }[];
  maxTotalBytes: number;
}

export type CompressReply =
  | { type: 'progress'; bytesRead: number }
  | { type: 'done'; archive: Blob; bytesRead: number }
  | { type: 'too-large'; file: string }
  | { type: 'failed'; detail: string };
