import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource: string = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

declare global {
  interface Window {
    axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

/**
 * Puts axe-core into the page (as window.axe). Evaluated through the browser's debugging
 * protocol, not added as an inline <script>: the site's Content-Security-Policy refuses inline
 * scripts, and the tests run against the real headers.
 */
async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(axeSource);
}

export interface AxeAudit {
  /** Only rules with these tags (for example `['wcag2a', 'wcag2aa']`); all rules when absent. */
  tags?: string[];
  /** Which findings count: serious and critical ones (the default), or every one. */
  impacts?: 'serious' | 'all';
}

/**
 * The accessibility findings axe-core makes on the page as it stands, each as its rule, impact and
 * the elements it names: the one audit every browser test uses.
 */
export async function axeViolations(page: Page, audit: AxeAudit = {}): Promise<string[]> {
  await injectAxe(page);
  const options: RunOptions = { resultTypes: ['violations'], ...(audit.tags ? { runOnly: { type: 'tag', values: audit.tags } } : {}) };
  const violations = await page.evaluate(async (o) => (await window.axe.run(document, o)).violations, options);
  const counted: ImpactValue[] = audit.impacts === 'all' ? ['minor', 'moderate', 'serious', 'critical'] : ['serious', 'critical'];
  return violations
    .filter((v) => v.impact && counted.includes(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
