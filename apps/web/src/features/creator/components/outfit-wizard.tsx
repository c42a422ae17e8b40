import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ComponentTypeCode, OutfitGender } from '@vsp/contract/component-types';
import type { OutfitItem } from '@vsp/contract/endpoints/outfits';
import { ComponentTypeStep, GenderStep } from './choice-steps';
import { FolderUploader } from './folder-uploader';
import '../../../shared/ui/visually-hidden.css';
import '../../../shared/review/review-outcome.css';

const STEPS = ['creator.step.gender', 'creator.step.component_type', 'creator.step.resource_upload'] as const;

/**
 * The three-step outfit wizard: 01 gender, 02 component type, 03 resource upload, with previous,
 * next and (in step 03) confirm. It reports whether leaving would abandon an unsubmitted outfit.
 */
export function OutfitWizard({
  onSubmitted,
  onDirtyChange,
  resubmitting,
  onCancelResubmit,
}: {
  onSubmitted(item: OutfitItem): void;
  onDirtyChange(dirty: boolean): void;
  /**
   * A rejected submission to fix: the wizard opens on step 03 with its gender and component type
   * (both can still be changed with Previous), and the new one is filed linked to it.
   */
  resubmitting?: OutfitItem | undefined;
  onCancelResubmit?(): void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [gender, setGender] = useState<OutfitGender>();
  const [componentType, setComponentType] = useState<ComponentTypeCode>();
  const heading = useRef<HTMLParagraphElement>(null);
  // Adjusts the steps while rendering when another rejected submission is picked (no effect pass).
  const [shownResubmit, setShownResubmit] = useState<number>();
  if (resubmitting && resubmitting.id !== shownResubmit) {
    setShownResubmit(resubmitting.id);
    setGender(resubmitting.gender);
    setComponentType(resubmitting.componentType);
    setStep(2);
  } else if (!resubmitting && shownResubmit !== undefined) {
    setShownResubmit(undefined);
    setGender(undefined);
    setComponentType(undefined);
    setStep(0);
  }
  useEffect(() => {
    if (resubmitting) heading.current?.focus();
  }, [resubmitting]);
  const [folderDirty, setFolderDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [lastSubmitted, setLastSubmitted] = useState<OutfitItem>();

  useEffect(() => onDirtyChange(gender !== undefined || folderDirty), [folderDirty, gender, onDirtyChange]);

  const submitted = useCallback(
    (item: OutfitItem) => {
      setStep(0);
      setGender(undefined);
      setComponentType(undefined);
      setFolderDirty(false);
      setLastSubmitted(item);
      onSubmitted(item);
    },
    [onSubmitted],
  );

  const canNext = (step === 0 && gender !== undefined) || (step === 1 && componentType !== undefined);

  return (
    <section className="creator-wizard" aria-labelledby="creator-wizard-title" data-testid="outfit-wizard" data-step={step + 1}>
      <h2 id="creator-wizard-title" className="visually-hidden">
        {t('creator.wizard.title')}
      </h2>
      {resubmitting && (
        <div className="review-resubmit" data-testid="resubmit-notice">
          <p ref={heading} tabIndex={-1} role="status">
            {t('review.resubmitting', { id: resubmitting.resourceId })}
          </p>
          <button type="button" className="creator-button creator-button--ghost" disabled={busy} onClick={onCancelResubmit}>
            {t('review.resubmit_cancel')}
          </button>
        </div>
      )}
      {lastSubmitted && (
        <p className="creator-status creator-status--complete" role="status" data-testid="wizard-complete">
          {t('creator.phase.complete')} <span dir="ltr">{lastSubmitted.resourceId}</span>
        </p>
      )}
      <ol className="creator-steps">
        {STEPS.map((key, index) => (
          <li key={key} className={index === step ? 'is-current' : index < step ? 'is-done' : ''} aria-current={index === step ? 'step' : undefined}>
            <span className="creator-steps__number">{String(index + 1).padStart(2, '0')}</span>
            <span>{t(key)}</span>
          </li>
        ))}
      </ol>

      <div className="creator-wizard__body">
        {step === 0 && (
          <GenderStep
            value={gender}
            onChange={(value) => {
              setLastSubmitted(undefined);
              setGender(value);
            }}
          />
        )}
        {step === 1 && gender && <ComponentTypeStep gender={gender} value={componentType} onChange={setComponentType} />}
        {step === 2 && (
          <FolderUploader
            gender={gender}
            componentType={componentType}
            onSubmitted={submitted}
            onDirtyChange={setFolderDirty}
            onBusyChange={setBusy}
            resubmitOf={resubmitting?.id}
          />
        )}
      </div>

      <div className="creator-wizard__nav">
        {step > 0 && (
          <button type="button" className="creator-button creator-button--ghost" disabled={busy} onClick={() => setStep(step - 1)}>
            {t('creator.wizard.previous')}
          </button>
        )}
        {step < 2 && (
          <button type="button" className="creator-button creator-button--primary" disabled={!canNext} onClick={() => setStep(step + 1)}>
            {t('creator.wizard.next')}
          </button>
        )}
      </div>
    </section>
  );
}
