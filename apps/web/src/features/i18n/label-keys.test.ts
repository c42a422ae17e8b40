import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LABELS } from '@vsp/labels';

const webSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Literal keys in t('key'), i18nKey="key" and titleKey: 'key' across the website's source. */
function usedKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  const pattern = /(?:\bt\(\s*|i18nKey=|[A-Za-z]+Key:\s*)['"`]([A-Za-z0-9_.-]+)['"`]/g;
  for (const file of sourceFiles(webSource)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) keys.set(match[1]!, path.relative(webSource, file));
  }
  return keys;
}

describe('labels used by the website', () => {
  it('exist in the catalogue (a missing key would show the key itself to the visitor)', () => {
    const known = new Set(LABELS.map((entry) => entry.key));
    const used = usedKeys();
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used].filter(([key]) => !known.has(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });
});
