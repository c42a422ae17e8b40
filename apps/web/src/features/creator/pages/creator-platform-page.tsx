import { useCallback, useState } from 'react';
import { useDevice } from '../../../shared/device/device';
import { CreatorHeader, MobileNotice } from '../components/creator-header';
import { LeaveDialog } from '../components/leave-dialog';
import { OutfitTable } from '../components/outfit-table';
import { OutfitWizard } from '../components/outfit-wizard';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useOutfitList } from '../hooks/use-outfit-list';
import '../components/creator.css';

/** /creator-platform: header with tips, the creator's uploaded items and the outfit wizard. */
export function CreatorPlatformPage() {
  const [dirty, setDirty] = useState(false);
  const blocker = useLeaveGuard(dirty);
  const list = useOutfitList();
  const { showNewest } = list;
  const onSubmitted = useCallback(() => showNewest(), [showNewest]);
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
      <OutfitWizard onSubmitted={onSubmitted} onDirtyChange={setDirty} />
      <OutfitTable state={list.state} onPage={list.setPage} onRetry={list.reload} />
      <LeaveDialog blocker={blocker} />
    </div>
  );
}
