import type { ComponentTypeCode } from '@vsp/contract/component-types';
import type { FbxSummary } from './fbx-summary';
import { OUTFIT_BUDGETS, isPowerOfTwo, type OutfitBudget } from './outfit-budgets';
import { baseName } from './outfit-folder';
import type { TgaHeader } from './tga-header';

/**
 * The preflight of an outfit folder: every model and texture measured against the component
 * type's budget, and every texture a model refers to looked up in the folder. The website shows
 * the report before confirm; the server runs the same function on the archive.
 */

export type PreflightIssueKind =
  | 'bad_model'
  | 'bad_texture'
  | 'triangles'
  | 'materials'
  | 'texture_size'
  | 'texture_not_power_of_two'
  | 'missing_texture';

export interface PreflightIssue {
  readonly kind: PreflightIssueKind;
  /** The offending file: a path in the folder, or the texture file name a model refers to. */
  readonly file: string;
  readonly params: Readonly<Record<string, string | number>>;
}

/**
 * Label key of each issue's message; the website shows it after the file. A measured issue names
 * the value, the limit and the component type ({type}: "Models/Hat.FBX: 12,400 triangles; the limit
 * for Hat is 4,000"), in the same words for the wizard's preflight and the server's refusal.
 */
export const PREFLIGHT_MESSAGES: Readonly<Record<PreflightIssueKind, string>> = {
  bad_model: 'creator.preflight.bad_model',
  bad_texture: 'creator.preflight.bad_texture',
  triangles: 'review.check.triangles',
  materials: 'review.check.materials',
  texture_size: 'review.check.texture_size',
  texture_not_power_of_two: 'review.check.texture_not_power_of_two',
  missing_texture: 'creator.preflight.missing_texture',
};

/**
 * Findings that do not block: the archive is valid, but it will not look as the creator meant. A
 * model that names no texture shows white in the preview and the game, whatever lies in Textures;
 * a texture no model names changes nothing.
 */
export type PreflightHintKind = 'model_names_no_texture' | 'unused_texture';

export interface PreflightHint {
  readonly kind: PreflightHintKind;
  /** The model or texture it is about, a path in the folder. */
  readonly file: string;
}

/** Label key of each hint's text, shown after its file (named by its path in the folder, `pathInFolder`). */
export const PREFLIGHT_HINTS: Readonly<Record<PreflightHintKind, string>> = {
  model_names_no_texture: 'creator.preflight.hint.model_names_no_texture',
  unused_texture: 'creator.preflight.hint.unused_texture',
};

export interface PreflightModel {
  readonly path: string;
  /** The parsed model, or undefined when it could not be parsed. */
  readonly summary: FbxSummary | undefined;
}

export interface PreflightTexture {
  readonly path: string;
  readonly header: TgaHeader | undefined;
}

export interface PreflightReport {
  readonly budget: OutfitBudget;
  readonly models: readonly { path: string; triangles: number; materials: number; meshes: number }[];
  readonly textures: readonly { path: string; width: number; height: number }[];
  readonly issues: readonly PreflightIssue[];
  /** What does not block confirm but deserves a look (see {@link PreflightHintKind}). */
  readonly hints: readonly PreflightHint[];
}

export function evaluatePreflight(
  componentType: ComponentTypeCode,
  models: readonly PreflightModel[],
  textures: readonly PreflightTexture[],
): PreflightReport {
  const budget = OUTFIT_BUDGETS[componentType];
  const issues: PreflightIssue[] = [];
  const textureNames = new Set(textures.map((t) => baseName(t.path).toLowerCase()));
  const modelRows: PreflightReport['models'][number][] = [];
  const textureRows: PreflightReport['textures'][number][] = [];
  const hints: PreflightHint[] = [];
  const named = new Set<string>();

  for (const model of models) {
    const s = model.summary;
    if (!s) {
      issues.push({ kind: 'bad_model', file: model.path, params: {} });
      continue;
    }
    modelRows.push({ path: model.path, triangles: s.triangles, materials: s.materials, meshes: s.meshes });
    if (s.triangles > budget.maxTriangles) {
      issues.push({ kind: 'triangles', file: model.path, params: { count: s.triangles, max: budget.maxTriangles } });
    }
    if (s.materials > budget.maxMaterials) {
      issues.push({ kind: 'materials', file: model.path, params: { count: s.materials, max: budget.maxMaterials } });
    }
    if (s.textures.length === 0 && textures.length > 0) hints.push({ kind: 'model_names_no_texture', file: model.path });
    for (const texture of s.textures) {
      named.add(texture.fileName.toLowerCase());
      if (!texture.embedded && !textureNames.has(texture.fileName.toLowerCase())) {
        issues.push({ kind: 'missing_texture', file: texture.fileName, params: { model: model.path } });
      }
    }
  }

  for (const texture of textures) {
    const h = texture.header;
    if (!h) {
      issues.push({ kind: 'bad_texture', file: texture.path, params: {} });
      continue;
    }
    textureRows.push({ path: texture.path, width: h.width, height: h.height });
    const size = `${h.width}×${h.height}`;
    if (!isPowerOfTwo(h.width) || !isPowerOfTwo(h.height)) {
      issues.push({ kind: 'texture_not_power_of_two', file: texture.path, params: { size } });
    } else if (Math.max(h.width, h.height) > budget.maxTextureSize) {
      issues.push({ kind: 'texture_size', file: texture.path, params: { size, max: budget.maxTextureSize } });
    }
  }
  // When some model names textures, each texture none names is called out on its own; when none
  // does, the model's hint already says the folder's textures go unused.
  if (named.size > 0) {
    for (const texture of textureRows) if (!named.has(baseName(texture.path).toLowerCase())) hints.push({ kind: 'unused_texture', file: texture.path });
  }
  return { budget, models: modelRows, textures: textureRows, issues, hints };
}
