import { AppError } from '@vsp/contract/app-error';
import type { ComponentTypeCode } from '@vsp/contract/component-types';
import type { OutfitItem, OutfitPage, SubmitOutfitInput } from '@vsp/contract/endpoints/outfits';
import type { ErrorCode } from '@vsp/contract/error-catalogue';
import { Errors } from '@vsp/contract/error-codes';
import type { ObjectReader } from './object-reader';
import { ARCHIVE_REFUSALS, inspectOutfitArchive, type ArchiveLimits } from './outfit-archive';
import type { OutfitRow, OutfitsRepository } from './outfits.repository';

/** Codes of a refused archive: recorded as a failed upload so the creator sees why in the table. */
const ARCHIVE_REFUSAL_CODES: ReadonlySet<ErrorCode> = new Set(ARCHIVE_REFUSALS);

export interface OutfitsServiceOptions {
  /**
   * Whether an object key belongs to the user. Until the upload engine scopes credentials, keys of
   * outfit archives live under `outfits/<uid>/`.
   */
  ownsObject?: (uid: number, objectKey: string) => boolean;
  limits?: ArchiveLimits;
  /**
   * Removes a refused archive from the store (and retires its upload), as music does with a
   * refused song: nothing refused stays publicly served, and a resubmit of the key finds nothing
   * to inflate again.
   */
  discard?: (objectKey: string) => Promise<void>;
  now?: () => number;
}

export const ownsOutfitObject = (uid: number, objectKey: string) => objectKey.startsWith(`outfit/${uid}/`);

/** Public resource ID: gender letter, component type code and a six-digit number (MXSY000042). */
export function resourceIdOf(row: Pick<OutfitRow, 'id' | 'gender' | 'componentType'>): string {
  return `${row.gender === 'menswear' ? 'M' : 'W'}${row.componentType}${String(row.id).padStart(6, '0')}`;
}

export function toOutfitItem(row: OutfitRow): OutfitItem {
  return {
    resourceId: resourceIdOf(row),
    gender: row.gender,
    componentType: row.componentType as ComponentTypeCode,
    uploadTime: row.createdAt.toISOString(),
    uploadStatus: row.uploadStatus,
    size: row.size,
    reviewState: row.reviewState,
    reviewReason: row.reviewReason,
    failure: row.failureCode === null ? null : { code: row.failureCode, params: row.failureParams ?? {} },
  };
}

export class OutfitsService {
  private readonly ownsObject: (uid: number, objectKey: string) => boolean;
  private readonly now: () => number;

  constructor(
    private readonly outfits: OutfitsRepository,
    private readonly objects: ObjectReader,
    private readonly options: OutfitsServiceOptions = {},
  ) {
    this.ownsObject = options.ownsObject ?? ownsOutfitObject;
    this.now = options.now ?? Date.now;
  }

  /**
   * Inspects the stored archive and records the submission: pending review when it passes, a failed
   * upload with the reason's code when it does not (and the caller gets that error).
   */
  async submit(uid: number, input: SubmitOutfitInput): Promise<OutfitItem> {
    if (!this.ownsObject(uid, input.objectKey)) throw new AppError(Errors.Forbidden);
    const existing = await this.outfits.findAccepted(uid, input.objectKey);
    if (existing) return toOutfitItem(existing);
    const base = { uid, gender: input.gender, componentType: input.componentType, objectKey: input.objectKey };
    let inspection;
    try {
      inspection = await inspectOutfitArchive(this.objects, input.objectKey, input.componentType, this.options.limits);
    } catch (error) {
      if (error instanceof AppError && ARCHIVE_REFUSAL_CODES.has(error.code)) {
        await this.outfits.insert({
          ...base,
          size: (await this.objects.sizeOf(input.objectKey)) ?? 0,
          uploadStatus: 'failure',
          failureCode: error.code,
          failureParams: { ...error.params },
        });
        await this.options.discard?.(input.objectKey);
      }
      throw error;
    }
    const { report } = inspection;
    const row = await this.outfits.insertAccepted({
      ...base,
      size: inspection.size,
      uploadStatus: 'success',
      reviewState: 'pending',
      preflight: { models: report.models, textures: report.textures, budget: report.budget },
    });
    return toOutfitItem(row);
  }

  async list(uid: number, page: number, pageSize: number): Promise<OutfitPage> {
    const { rows, total } = await this.outfits.pageByUid(uid, page, pageSize);
    return { items: rows.map(toOutfitItem), total, page, pageSize };
  }

  /** A reviewer's decision (the operator console calls this); the creator sees it in the table. */
  async review(id: number, state: 'approved' | 'rejected', reason: string | null): Promise<OutfitItem> {
    const row = await this.outfits.setReview(id, state, reason, new Date(this.now()));
    if (!row) throw new AppError(Errors.NotFound);
    return toOutfitItem(row);
  }
}
