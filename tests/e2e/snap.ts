import type { Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { expectCleanConsole } from './console-check';

export const PHONE = { width: 360, height: 740 };

/**
 * Photographs are for people looking at what was built; on a CI machine nobody opens them, so CI
 * checks every size without writing them unless SCREENSHOTS is set (decision 096).
 */
export async function photograph(page: Page, path: string): Promise<void> {
  if (process.env.CI && !process.env.SCREENSHOTS) return;
  await page.screenshot({ path, fullPage: true });
}
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
    await photograph(page, `.tmp/screenshots/${name}-${label}.png`);
    await expectAxeClean(page, `${name}-${label}`);
  }
  await page.setViewportSize(original);
}
