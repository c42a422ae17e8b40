import { useCallback, useState } from 'react';
import type { OutfitItem } from '@vsp/contract/endpoints/outfits';
import { useDevice } from '../../../shared/device/device';
import { CreatorHeader, MobileNotice } from '../components/creator-header';
import { LeaveDialog } from '../components/leave-dialog';
import { OutfitTable } from '../components/outfit-table';
import { OutfitWizard } from '../components/outfit-wizard';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useOutfitList } from '../api/list-outfits';
import { useSession } from '../../../shared/session/session-store';
import '../components/creator.css';

/** /creator-platform: header with tips, the creator's uploaded items and the outfit wizard. */
export function CreatorPlatformPage() {
  const [dirty, setDirty] = useState(false);
  const leaveGuard = useLeaveGuard(dirty);
  const viewer = useSession()?.uid ?? null;
  const list = useOutfitList(viewer);
  const { showFirstPage } = list;
  const [resubmitting, setResubmitting] = useState<OutfitItem>();
  const onSubmitted = useCallback(() => {
    setResubmitting(undefined);
    showFirstPage();
  }, [showFirstPage]);
  const cancelResubmit = useCallback(() => setResubmitting(undefined), []);
  const { mobile } = useDevice();

  if (mobile) {
    return (
      <div className="creator-page">
        <CreatorHeader />
        <MobileNotice />
      </div>
    );
  }

  return (
    <div className="creator-page">
      <CreatorHeader />
      <OutfitWizard onSubmitted={onSubmitted} onDirtyChange={setDirty} resubmitting={resubmitting} onCancelResubmit={cancelResubmit} />
      <OutfitTable list={list} onResubmit={setResubmitting} />
      <LeaveDialog guard={leaveGuard} />
    </div>
  );
}
