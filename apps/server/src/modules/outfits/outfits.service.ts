import { AppError } from '@vsp/contract/app-error';
import type { ComponentTypeCode } from '@vsp/contract/component-types';
import type { OutfitItem, OutfitPage, ReplacedSubmission, SubmitOutfitInput } from '@vsp/contract/endpoints/outfits';
import type { ErrorCode } from '@vsp/contract/error-catalogue';
import { Errors } from '@vsp/contract/error-codes';
import type { ObjectReader } from './object-reader';
import { ARCHIVE_REFUSALS, inspectOutfitArchive } from './outfit-archive';
import { submissionTimeline } from '../../shared/submission-timeline';
import type { OutfitDecision, OutfitRow, OutfitsRepository } from './outfits.repository';

/** Codes of a refused archive: recorded as a failed upload so the creator sees why in the table. */
const ARCHIVE_REFUSAL_CODES: ReadonlySet<ErrorCode> = new Set(ARCHIVE_REFUSALS);

export interface OutfitsServiceDeps {
  outfits: OutfitsRepository;
  objects: ObjectReader;
  /**
   * Removes a refused archive from the store (and retires its upload), as music does with a
   * refused song: nothing refused stays publicly served, and a resubmit of the key finds nothing
   * to inflate again.
   */
  discard: (objectKey: string) => Promise<void>;
  now: () => number;
}

/** Whether an object key belongs to the user: the upload credential's dir, `outfit/<uid>/`. */
export const ownsOutfitObject = (uid: number, objectKey: string) => objectKey.startsWith(`outfit/${uid}/`);

/** Public resource ID: gender letter, component type code and a six-digit number (MXSY000042). */
export function resourceIdOf(row: Pick<OutfitRow, 'id' | 'gender' | 'componentType'>): string {
  return `${row.gender === 'menswear' ? 'M' : 'W'}${row.componentType}${String(row.id).padStart(6, '0')}`;
}

/** A rejected submission as the resubmission that fixes it names it. */
export const replacedSubmission = (row: OutfitRow): ReplacedSubmission => ({ id: row.id, name: resourceIdOf(row), category: row.reviewCategory, reason: row.reviewReason });

export function toOutfitItem(row: OutfitRow, resubmission?: { id: number; createdAt: Date }, replaced?: ReplacedSubmission): OutfitItem {
  return {
    id: row.id,
    resourceId: resourceIdOf(row),
    gender: row.gender,
    componentType: row.componentType as ComponentTypeCode,
    uploadTime: row.createdAt.toISOString(),
    uploadStatus: row.uploadStatus,
    size: row.size,
    reviewState: row.reviewState,
    reviewCategory: row.reviewState === 'rejected' ? row.reviewCategory : null,
    reviewReason: row.reviewReason,
    resubmitOf: row.resubmitOf,
    replaces: replaced ?? null,
    resubmittedAs: resubmission?.id ?? null,
    timeline: submissionTimeline({ createdAt: row.createdAt, decision: row.reviewState, reviewedAt: row.reviewedAt, claimedAt: row.claimedAt, resubmittedAt: resubmission?.createdAt ?? null }),
    failure: row.failureCode === null ? null : { code: row.failureCode, params: row.failureParams ?? {} },
  };
}

export class OutfitsService {
  constructor(private readonly deps: OutfitsServiceDeps) {}

  /**
   * Inspects the stored archive and records the submission: pending review when it passes, a failed
   * upload with the reason's code when it does not (and the caller gets that error).
   */
  async submit(uid: number, input: SubmitOutfitInput): Promise<OutfitItem> {
    if (!ownsOutfitObject(uid, input.objectKey)) throw new AppError(Errors.Forbidden);
    const existing = await this.deps.outfits.findAccepted(uid, input.objectKey);
    if (existing) return toOutfitItem(existing, undefined, existing.resubmitOf === null ? undefined : (await this.replacedOf([existing.resubmitOf])).get(existing.resubmitOf));
    const replaced = input.resubmitOf === undefined ? undefined : await this.checkResubmittable(uid, input.resubmitOf);
    const base = { uid, gender: input.gender, componentType: input.componentType, objectKey: input.objectKey };
    let inspection;
    try {
      inspection = await inspectOutfitArchive(this.deps.objects, input.objectKey, input.componentType);
    } catch (error) {
      if (error instanceof AppError && ARCHIVE_REFUSAL_CODES.has(error.code)) {
        await this.deps.outfits.insert({
          ...base,
          size: (await this.deps.objects.sizeOf(input.objectKey)) ?? 0,
          uploadStatus: 'failure',
          failureCode: error.code,
          failureParams: { ...error.params },
          createdAt: new Date(this.deps.now()),
        });
        await this.deps.discard(input.objectKey);
      }
      throw error;
    }
    const { report } = inspection;
    const row = await this.deps.outfits.insertAccepted({
      ...base,
      resubmitOf: input.resubmitOf ?? null,
      size: inspection.size,
      uploadStatus: 'success',
      reviewState: 'pending',
      preflight: { models: report.models, textures: report.textures, budget: report.budget },
      createdAt: new Date(this.deps.now()),
    });
    if (!row) throw new AppError(Errors.SubmissionNotResubmittable);
    return toOutfitItem(row, undefined, replaced);
  }

  /**
   * A resubmission names the creator's own rejected submission, once: a failed upload was never
   * reviewed (the creator uploads again), and a second resubmission of one rejection is refused
   * (the unique link decides a race between two).
   */
  private async checkResubmittable(uid: number, id: number): Promise<ReplacedSubmission> {
    const rejected = await this.deps.outfits.findById(id);
    if (!rejected || rejected.uid !== uid || rejected.reviewState !== 'rejected') throw new AppError(Errors.SubmissionNotResubmittable);
    const [already] = (await this.deps.outfits.reviewed.resubmissionsOf([id])).values();
    if (already) throw new AppError(Errors.SubmissionNotResubmittable);
    return replacedSubmission(rejected);
  }

  /** The rejected submissions that the given resubmissions replace, by their id (the review queue names them). */
  async replacedOf(ids: readonly number[]): Promise<Map<number, ReplacedSubmission>> {
    return new Map((await this.deps.outfits.findByIds(ids)).map((row) => [row.id, replacedSubmission(row)]));
  }

  async list(uid: number, page: number, pageSize: number): Promise<OutfitPage> {
    const { rows, total } = await this.deps.outfits.reviewed.pageByUid(uid, page, pageSize);
    const [resubmissions, replaced] = await Promise.all([this.deps.outfits.reviewed.resubmissionsOf(rows.map((row) => row.id)), this.replacedOf(rows.flatMap((row) => row.resubmitOf ?? []))]);
    return { items: rows.map((row) => toOutfitItem(row, resubmissions.get(row.id), row.resubmitOf === null ? undefined : replaced.get(row.resubmitOf))), total, page, pageSize };
  }

  /** A reviewer's decision (the operator console calls this); the creator sees it in the table. */
  async review(id: number, decision: OutfitDecision): Promise<OutfitItem> {
    const row = await this.deps.outfits.setReview(id, decision, new Date(this.deps.now()));
    if (!row) throw new AppError(Errors.NotFound);
    return toOutfitItem(row);
  }
}
