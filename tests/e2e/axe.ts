// Every screen the stories photograph is also checked with axe-core (decision 093): WCAG 2.1 A
// and AA rules, and a serious or critical violation fails the story there, naming the rule, its
// impact, the elements and the help page. snap() and snapDesktop() call it, so a new screen is
// checked as soon as a story photographs it.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;
const FAILING = new Set(['serious', 'critical']);

/** Throws with a readable list when the page as it is now has a serious or critical violation. */
export async function expectAxeClean(page: Page, where: string): Promise<void> {
  // Legacy mode runs in the page's own frames: the default opens a blank page in the context to
  // gather frame results, which a story waiting for a new page (a download, a pop-up) would see.
  // Frames are left out: the only ones are partners' lesson packages, sandboxed, not ours to fix.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags([...AXE_TAGS]).options({ iframes: false }).analyze();
  const failing = results.violations.filter((v) => FAILING.has(v.impact ?? ''));
  if (!failing.length) return;
  const size = page.viewportSize();
  const lines = failing.flatMap((v) => [
    `- ${v.id} (${v.impact}): ${v.help} [${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'}]`,
    ...v.nodes.slice(0, 5).map((n) => `    at ${n.target.map(String).join(' >> ')}: ${n.html.replace(/\s+/g, ' ').slice(0, 300)}`),
    ...(v.nodes.length > 5 ? [`    … and ${v.nodes.length - 5} more`] : []),
    `    ${v.helpUrl}`,
  ]);
  throw new Error(`axe found ${failing.length} serious or critical WCAG 2.1 A/AA violation${failing.length === 1 ? '' : 's'} on “${where}” at ${size?.width}×${size?.height} (${page.url()}):\n${lines.join('\n')}`);
}
