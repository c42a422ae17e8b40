import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { COMPONENT_TYPES, COMPONENT_TYPE_CODES, OUTFIT_GENDERS, type ComponentTypeCode, type OutfitGender } from '@vsp/contract/component-types';
import type { OutfitItem } from '@vsp/contract/endpoints/outfits';
import { sitePaths } from '@vsp/contract/site-paths';
import { useDevice } from '../../../shared/device/device';
import { MobileNotice } from '../components/creator-header';
import { FolderUploader } from '../components/folder-uploader';
import { LeaveDialog } from '../components/leave-dialog';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import '../components/creator.css';

const isGender = (value: string | null): value is OutfitGender => OUTFIT_GENDERS.includes(value as OutfitGender);
const isType = (value: string | null): value is ComponentTypeCode => COMPONENT_TYPE_CODES.includes(value as ComponentTypeCode);

/**
 * /upload: the resource upload on a page of its own, for a creator who arrives by a direct link
 * (`?gender=menswear&type=XSY` preselects); the same rules, compression, progress and review.
 */
export function UploadPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [gender, setGender] = useState<OutfitGender | undefined>(() => (isGender(params.get('gender')) ? (params.get('gender') as OutfitGender) : undefined));
  const [componentType, setComponentType] = useState<ComponentTypeCode | undefined>(() => (isType(params.get('type')) ? (params.get('type') as ComponentTypeCode) : undefined));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState<OutfitItem>();
  const leaveGuard = useLeaveGuard(dirty);
  const { mobile } = useDevice();

  if (mobile) return <MobileNotice />;

  return (
    <div className="creator-page">
      <header className="creator-header">
        <h1>{t('route.upload')}</h1>
        <p className="creator-header__intro">{t('creator.upload_page.intro')}</p>
      </header>
      <section className="creator-wizard">
        <div className="creator-upload-choices">
          <label>
            {t('creator.step.gender')}
            <select value={gender ?? ''} disabled={busy} onChange={(event) => setGender(isGender(event.target.value) ? event.target.value : undefined)}>
              <option value="">{t('creator.upload_page.choose')}</option>
              {OUTFIT_GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(`creator.gender.${g}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('creator.step.component_type')}
            <select value={componentType ?? ''} disabled={busy} onChange={(event) => setComponentType(isType(event.target.value) ? event.target.value : undefined)}>
              <option value="">{t('creator.upload_page.choose')}</option>
              {COMPONENT_TYPES.map(({ code }) => (
                <option key={code} value={code}>
                  {t(`creator.type.${code}`)} ({code})
                </option>
              ))}
            </select>
          </label>
        </div>
        {(!gender || !componentType) && <p className="creator-upload-choices__hint">{t('creator.upload_page.choose_first')}</p>}
        <FolderUploader gender={gender} componentType={componentType} onSubmitted={setSubmitted} onDirtyChange={setDirty} onBusyChange={setBusy} />
        {submitted && (
          <p className="creator-upload-done" role="status" data-testid="upload-done">
            {t('creator.upload_page.done', { id: submitted.resourceId })} <Link to={sitePaths.creatorPlatform}>{t('creator.upload_page.see_list')}</Link>
          </p>
        )}
      </section>
      <LeaveDialog guard={leaveGuard} />
    </div>
  );
}
