import { MOMENT, dateTimeFormat, numberFormat } from '@vsp/contract/intl-formats';
import type { ReplacedSubmission, SubmissionTimelineEntry } from '@vsp/contract/endpoints/outfits';
import type { LanguageCode } from '@vsp/contract/languages';
import type { RejectionCategory } from '@vsp/contract/review-reasons';
import { pathInFolder } from '@vsp/outfit-format/outfit-folder';
import { PREFLIGHT_MESSAGES, type PreflightIssueKind } from '@vsp/outfit-format/outfit-preflight';
import { codeMessage } from '../http/error-message';
import type { TextValues } from '../i18n/translator';
import './review-outcome.css';

type Label = (key: string, values?: TextValues) => string;

/** Findings only the server makes: file sizes it refuses before unpacking ({size} and {max} in bytes). */
const SIZE_MESSAGES = {
  model_bytes: 'review.check.model_bytes',
  texture_bytes: 'review.check.texture_bytes',
} as const;

type CheckRule = PreflightIssueKind | keyof typeof SIZE_MESSAGES;

/** The rejection category whose fix applies to each finding of the automatic checks. */
const CHECK_FIXES: Readonly<Record<CheckRule, string>> = {
  triangles: 'review.fix.too_many_triangles',
  materials: 'review.fix.materials',
  texture_size: 'review.fix.texture_too_large',
  texture_not_power_of_two: 'review.fix.texture_too_large',
  texture_bytes: 'review.fix.texture_too_large',
  model_bytes: 'review.fix.broken_model',
  bad_model: 'review.fix.broken_model',
  bad_texture: 'review.fix.broken_model',
  missing_texture: 'review.fix.broken_model',
};

const isFinding = (rule: string | undefined): rule is CheckRule => rule !== undefined && Object.hasOwn(CHECK_FIXES, rule);

/**
 * A finding of the automatic checks in words, after its file: the measured value and the limit of
 * the component type named `componentTypeName`, numbers in the visitor's locale (file sizes in
 * megabytes). The wizard's preflight and the server's refusal say it alike.
 */
export function checkFindingText(
  rule: CheckRule,
  params: Readonly<Record<string, string | number>>,
  { componentTypeName, lang, t }: { componentTypeName: string; lang: LanguageCode; t: Label },
): string {
  const sizes = rule in SIZE_MESSAGES;
  const values = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v !== 'number' ? v : sizes && (k === 'size' || k === 'max') ? numberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(v / 1024 / 1024) : numberFormat(lang).format(v)]),
  );
  const key = sizes ? SIZE_MESSAGES[rule as keyof typeof SIZE_MESSAGES] : PREFLIGHT_MESSAGES[rule as PreflightIssueKind];
  return t(key, { ...values, type: componentTypeName });
}

/** A reviewer's rejection: its category, the reviewer's note and how to fix it, in the visitor's language. */
export function RejectionDetails({
  category,
  note,
  t,
  hideCategory = false,
}: {
  category: RejectionCategory;
  note: string | null;
  t: Label;
  /** The surrounding status already names the category. */
  hideCategory?: boolean;
}) {
  return (
    <div className="review-outcome" data-testid="rejection" data-category={category}>
      {!hideCategory && <strong className="review-outcome__category">{t(`review.category.${category}`)}</strong>}
      {note && <p className="review-outcome__note">{t('review.note', { note })}</p>}
      <p className="review-outcome__fix">
        <span className="review-outcome__fix-title">{t('review.fix.title')}</span> {t(`review.fix.${category}`)}
      </p>
    </div>
  );
}

/**
 * Why the server's automatic checks refused an outfit archive: the file, what was measured and the
 * limit of the component type ("Models/Hat.FBX: 12,400 triangles; the limit for Hat is 4,000"),
 * then how to fix it. A refusal that is not a measurement reads as its catalogue text.
 */
export function CheckFailure({
  failure,
  componentTypeName,
  lang,
  t,
}: {
  failure: { code: number; params: Readonly<Record<string, string | number>> };
  componentTypeName: string;
  lang: LanguageCode;
  t: Label;
}) {
  const rule = typeof failure.params.rule === 'string' ? failure.params.rule : undefined;
  if (!isFinding(rule)) return <span data-testid="check-failure">{codeMessage(failure.code, t, failure.params) ?? 'Error'}</span>;
  return (
    <div className="review-outcome" data-testid="check-failure" data-rule={rule}>
      <p className="review-outcome__finding">
        <code dir="ltr">{pathInFolder(String(failure.params.file ?? ''))}</code>: {checkFindingText(rule, failure.params, { componentTypeName, lang, t })}
      </p>
      <p className="review-outcome__fix">
        <span className="review-outcome__fix-title">{t('review.fix.title')}</span> {t(CHECK_FIXES[rule])}
      </p>
    </div>
  );
}

/**
 * On a resubmission's row: the rejected submission it replaces, by the name its own row shows (that
 * row may sit on another page). The name is isolated so a Latin ID keeps its order in Arabic.
 */
export function ReplacedNote({ replaces, t }: { replaces: NonNullable<ReplacedSubmission>; t: Label }) {
  return (
    <p className="review-replaces" data-testid="replaces" data-replaces={replaces.id}>
      {t('review.replaces', { name: `\u2068${replaces.name}\u2069` })}
    </p>
  );
}

/** A submission's history, oldest first (submitted, approved or rejected, resubmitted). */
export function SubmissionTimeline({ timeline, lang, t }: { timeline: readonly SubmissionTimelineEntry[]; lang: LanguageCode; t: Label }) {
  return (
    <details className="review-timeline" data-testid="submission-timeline">
      <summary>{t('review.timeline.title')}</summary>
      <ol>
        {timeline.map((entry) => (
          <li key={`${entry.event}-${entry.at}`} data-event={entry.event}>
            <span>{t(`review.event.${entry.event}`)}</span> <time dateTime={new Date(entry.at).toISOString()}>{dateTimeFormat(lang, MOMENT).format(new Date(entry.at))}</time>
          </li>
        ))}
      </ol>
    </details>
  );
}
