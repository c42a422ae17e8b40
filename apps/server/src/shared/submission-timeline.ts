import type { SubmissionTimelineEntry } from '@vsp/contract/endpoints/outfits';

export interface TimelineFacts {
  createdAt: Date;
  /** approved or rejected once decided; anything else is still waiting. */
  decision: string | null;
  reviewedAt: Date | null;
  /** When a reviewer last took it from the queue. */
  claimedAt: Date | null;
  /** When the resubmission that fixes this rejected submission was filed. */
  resubmittedAt: Date | null;
}

/**
 * A creator's submission's history, oldest first, read off its row (songs and outfits alike): filed,
 * taken into review, decided, filed again. Nothing is stored twice: the decision and the link are the row's own.
 */
export function submissionTimeline(facts: TimelineFacts): SubmissionTimelineEntry[] {
  const events: SubmissionTimelineEntry[] = [{ event: 'submitted', at: facts.createdAt.getTime() }];
  if (facts.claimedAt) events.push({ event: 'in_review', at: facts.claimedAt.getTime() });
  if ((facts.decision === 'approved' || facts.decision === 'rejected') && facts.reviewedAt) events.push({ event: facts.decision, at: facts.reviewedAt.getTime() });
  if (facts.resubmittedAt) events.push({ event: 'resubmitted', at: facts.resubmittedAt.getTime() });
  return events;
}
