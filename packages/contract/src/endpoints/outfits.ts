import Type, { type Static } from 'typebox';
import { COMPONENT_TYPE_CODES, OUTFIT_GENDERS } from '../component-types';
import { Ok } from '../envelope-schema';
import { OUTFIT_REVIEW_STATES, OUTFIT_UPLOAD_STATUSES, listOutfitsPath, submitOutfitPath } from '../outfit-submissions';
import { signed, stringEnum } from './signed';
import { BIGINT_ID_MAX } from '../integers';
import { REJECTION_CATEGORIES, SUBMISSION_EVENTS } from '../review-reasons';

export { listOutfitsPath, submitOutfitPath };

/** The creator's outfit submissions (spec section 3: goods/outfit table row; section 2: creator platform). */


export const OutfitGenderSchema = stringEnum(OUTFIT_GENDERS);
export const ComponentTypeSchema = stringEnum(COMPONENT_TYPE_CODES);

/** One step of a submission's history, oldest first. */
export const SubmissionEventSchema = Type.Object({
  event: Type.Enum(SUBMISSION_EVENTS),
  at: Type.Integer({ description: 'ms since the epoch' }),
});
export type SubmissionTimelineEntry = Static<typeof SubmissionEventSchema>;
export const RejectionCategoryOrNull = Type.Union([Type.Enum(REJECTION_CATEGORIES), Type.Null()], { description: 'the rejection category (rejections only)' });

/** The rejected submission a resubmission replaces, named as its lists name it, and why it was rejected. */
export const ReplacedSubmissionSchema = Type.Union(
  [
    Type.Object({
      id: Type.Integer(),
      name: Type.String({ description: "the song's name, or the outfit's public resource ID" }),
      category: RejectionCategoryOrNull,
      reason: Type.Union([Type.String(), Type.Null()], { description: "the reviewer's note on the rejection" }),
    }),
    Type.Null(),
  ],
  { description: 'the rejected submission this one replaces; null for a first submission' },
);
export type ReplacedSubmission = Static<typeof ReplacedSubmissionSchema>;

export const OutfitItemSchema = Type.Object({
  id: Type.Integer({ description: 'the submission number, to name it when resubmitting' }),
  resourceId: Type.String({ description: 'public resource ID: gender letter, component type code, number (MXSY000042)' }),
  gender: OutfitGenderSchema,
  componentType: ComponentTypeSchema,
  uploadTime: Type.String({ format: 'date-time' }),
  uploadStatus: stringEnum(OUTFIT_UPLOAD_STATUSES),
  size: Type.Integer({ description: 'archive size in bytes' }),
  reviewState: Type.Union([stringEnum(OUTFIT_REVIEW_STATES), Type.Null()], { description: 'null when the upload failed' }),
  reviewCategory: RejectionCategoryOrNull,
  reviewReason: Type.Union([Type.String(), Type.Null()], { description: "the reviewer's optional note (rejections)" }),
  resubmitOf: Type.Union([Type.Integer(), Type.Null()], { description: 'the rejected submission this one fixes' }),
  replaces: ReplacedSubmissionSchema,
  resubmittedAs: Type.Union([Type.Integer(), Type.Null()], { description: 'the submission that fixes this rejected one' }),
  timeline: Type.Array(SubmissionEventSchema),
  failure: Type.Union(
    [
      Type.Object({
        code: Type.Integer({ description: 'catalogue code of why the server refused the archive' }),
        params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
      }),
      Type.Null(),
    ],
    { description: 'why the upload failed; null when it succeeded' },
  ),
});
export type OutfitItem = Static<typeof OutfitItemSchema>;

export const ListOutfitsQuery = signed({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});
export const OutfitPageSchema = Type.Object({
  items: Type.Array(OutfitItemSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type OutfitPage = Static<typeof OutfitPageSchema>;
export const ListOutfitsResponse = Ok(OutfitPageSchema);

/**
 * Records an outfit whose archive the upload engine stored under `objectKey`. The server validates
 * the archive first (safe names, folder rules, FBX and TGA headers, budgets, size bomb guard); a
 * refused archive is recorded as a failed upload and answered with the reason's code.
 */
export const SubmitOutfitBody = signed({
  gender: OutfitGenderSchema,
  componentType: ComponentTypeSchema,
  objectKey: Type.String({ minLength: 1, maxLength: 512 }),
  agreement: Type.Literal(true, { description: 'the creator agreed to the platform user agreement' }),
  resubmitOf: Type.Optional(Type.Integer({ minimum: 1, maximum: BIGINT_ID_MAX, description: "the creator's rejected submission this one fixes (once per rejection)" })),
});
export type SubmitOutfitInput = Omit<Static<typeof SubmitOutfitBody>, 'appId' | 'timestamp' | 'random' | 'sign'>;
export const SubmitOutfitResponse = Ok(OutfitItemSchema);
