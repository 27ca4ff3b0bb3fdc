import type { Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { expectCleanConsole } from './console-check';

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1366, height: 900 };

/**
 * Saves the current screen at phone and desktop sizes, then restores the viewport. At each size
 * the screen is checked with axe (tests/e2e/axe.ts): the learner's layouts differ by size.
 */
export async function snap(page: Page, name: string): Promise<void> {
  await expectCleanConsole(page, `snap ${name}`);
  const original = page.viewportSize() ?? DESKTOP;
  for (const [label, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `.tmp/screenshots/${name}-${label}.png`, fullPage: true });
    await expectAxeClean(page, `${name}-${label}`);
  }
  await page.setViewportSize(original);
}
