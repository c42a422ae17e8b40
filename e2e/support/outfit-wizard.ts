import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { validOutfitFiles } from '@vsp/outfit-format/testing';

/** Valid outfit folders on disk for the wizard's folder input, removed by `cleanup`. */
export function outfitFolders(prefix: string) {
  const base = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  let count = 0;
  return {
    /** A fresh folder named `root` holding a valid outfit; answers its path. */
    make(root: string): string {
      const parent = path.join(base, `case-${++count}`);
      for (const file of validOutfitFiles(root)) {
        mkdirSync(path.dirname(path.join(parent, file.path)), { recursive: true });
        writeFileSync(path.join(parent, file.path), file.bytes);
      }
      return path.join(parent, root);
    },
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
}

/** Steps 01 and 02: gender and component type (named by its code; each card reads "Hat TMZ"). */
export async function chooseOutfitKind(page: Page, gender: 'Menswear' | 'Womenswear', code: string) {
  await page.getByRole('radio', { name: gender, exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: new RegExp(`\\b${code}$`) }).check();
  await page.getByRole('button', { name: 'Next' }).click();
}

/**
 * Step 03: picks the folder, agrees and confirms; answers the new resource ID (one that is not in
 * `earlier`: the completion notice of the previous submission may still show).
 */
export async function submitOutfitFolder(page: Page, folder: string, earlier: readonly string[] = []): Promise<string> {
  await page.getByTestId('folder-input').setInputFiles(folder);
  await expect.poll(() => page.getByTestId('preflight-ok').isVisible()).toBe(true);
  await page.getByTestId('agreement').check();
  await page.getByTestId('confirm').click();
  const complete = page.getByTestId('wizard-complete');
  const newId = async () => {
    const id = ((await complete.isVisible()) && (await complete.textContent())?.match(/[MW][A-Z]{3,5}\d{6}/)?.[0]) || '';
    return earlier.includes(id) ? '' : id;
  };
  await expect.poll(newId).toMatch(/\d{6}$/);
  return newId();
}
