import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * WCAG 2.1 A and AA by axe-core in the browser (issue 34): the accessibility journey's check of
 * every page, and the dialogs' check.
 */

export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
export const BLOCKING = new Set(['serious', 'critical']);

/**
 * Rules that cannot be met yet, each with its reason (docs/decisions/0044). Every other rule fails
 * the run; an entry here is a known debt, not a pass.
 */
export const KNOWN_EXCEPTIONS: Record<string, string> = {};

/**
 * axe-core itself (the one @axe-core/playwright runs), put into each document once and run there.
 * AxeBuilder injects it into every frame on every call and finishes each run in a new blank page:
 * 6 to 12 s a page on a busy two-core machine, against 1 to 4 s for the run itself.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = (createRequire(require.resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

export interface Finding {
  page: string;
  rule: string;
  impact: string;
  targets: string[];
}

export async function blockingViolations(page: Page, path: string): Promise<Finding[]> {
  // every frame (a report screen frames the share page) has axe, so the page's run takes them in
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  }
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, WCAG_21_AA);
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? '') && !(v.id in KNOWN_EXCEPTIONS))
    .map((v) => ({ page: path, rule: v.id, impact: v.impact ?? '', targets: v.nodes.slice(0, 8).map((n) => n.target.join(' ')) }));
}

export const report = (findings: Finding[]) => findings.map((f) => `${f.page}  ${f.rule} (${f.impact}):\n    ${f.targets.join('\n    ')}`).join('\n');
