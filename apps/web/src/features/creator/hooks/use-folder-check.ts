import { useEffect, useMemo, useState } from 'react';
import type { ComponentTypeCode } from '@vsp/contract/component-types';
import { checkOutfitFolder } from '@vsp/outfit-format/outfit-folder';
import { evaluatePreflight } from '@vsp/outfit-format/outfit-preflight';
import { measureFolder } from '../lib/measure-folder';
import type { PickedFolder } from '../lib/read-folder';
import type { PreflightMeasures } from '../workers/preflight-protocol';

/**
 * The chosen folder: checked against the rules at once, then measured in a worker (`measures`, once
 * it passed the rules) for the preflight `report` of the chosen component type.
 */
export function useFolderCheck(componentType: ComponentTypeCode | undefined) {
  const [folder, setFolder] = useState<PickedFolder | null>(null);
  const [measured, setMeasured] = useState<{ folder: PickedFolder; measures: PreflightMeasures } | null>(null);

  const check = useMemo(
    () =>
      folder
        ? checkOutfitFolder(folder.files, { droppedItems: folder.droppedItems, ...(folder.folderName ? { folderName: folder.folderName } : {}) })
        : null,
    [folder],
  );

  useEffect(() => {
    if (!folder || !check?.ok) return;
    const controller = new AbortController();
    measureFolder(check.files, controller.signal).then(
      (measures) => setMeasured({ folder, measures }),
      () => undefined,
    );
    return () => controller.abort();
  }, [folder, check]);

  const measures = measured && measured.folder === folder ? measured.measures : null;
  const report = useMemo(
    () => (measures && componentType ? evaluatePreflight(componentType, measures.models, measures.textures) : null),
    [measures, componentType],
  );

  return { folder, check, measures, report, setFolder };
}
