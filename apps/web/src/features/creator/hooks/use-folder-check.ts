import { useEffect, useMemo, useState } from 'react';
import type { ComponentTypeCode } from '@vsp/contract/component-types';
import { checkOutfitFolder, type FolderCheck, type FolderRule } from '@vsp/outfit-format/outfit-folder';
import { evaluatePreflight, type PreflightReport } from '@vsp/outfit-format/outfit-preflight';
import { measureFolder } from '../lib/measure-folder';
import type { PickedFile, PickedFolder } from '../lib/read-folder';
import type { PreflightMeasures } from '../workers/preflight-protocol';

export interface FolderCheckState {
  folder: PickedFolder | null;
  check: FolderCheck<PickedFile> | null;
  /** Measured models and textures, once the folder passed the rules. */
  measures: PreflightMeasures | null;
  /** The preflight report for the chosen component type. */
  report: PreflightReport | null;
}

const NO_RULES: readonly FolderRule[] = [];

/**
 * The chosen folder: checked against the rules at once (plus any custom rule objects), then
 * measured in a worker for the preflight.
 */
export function useFolderCheck(componentType: ComponentTypeCode | undefined, rules: readonly FolderRule[] = NO_RULES) {
  const [folder, setFolder] = useState<PickedFolder | null>(null);
  const [measured, setMeasured] = useState<{ folder: PickedFolder; measures: PreflightMeasures } | null>(null);

  const check = useMemo(
    () =>
      folder
        ? checkOutfitFolder(folder.files, { droppedItems: folder.droppedItems, rules, ...(folder.folderName ? { folderName: folder.folderName } : {}) })
        : null,
    [folder, rules],
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

  const state: FolderCheckState = { folder, check, measures, report };
  return { ...state, setFolder };
}
