import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Runs axe on the page as it is and fails with every violation listed, so the report alone tells what to fix. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const lines = results.violations.map((v) => {
    const targets = v.nodes.map((n) => n.target.join(' ')).join(' | ');
    return `- ${v.id} (${v.impact ?? 'unknown impact'}): ${v.help}\n    targets: ${targets}`;
  });
  expect(lines, `Accessibility violations on ${label}:\n${lines.join('\n')}`).toEqual([]);
}
