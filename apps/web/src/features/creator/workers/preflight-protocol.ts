import type { FbxSummary } from '@vsp/outfit-format/fbx-summary';
import type { TgaHeader } from '@vsp/outfit-format/tga-header';

/** Messages between the page and the preflight worker. */

export interface PreflightRequest {
  models: { path: string; file: File }[];
  textures: { path: string; file: File }[];
}

export interface PreflightMeasures {
  models: { path: string; summary: FbxSummary | undefined }[];
  textures: { path: string; header: TgaHeader | undefined }[];
}
