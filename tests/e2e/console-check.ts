// Every screen's console is clean (issue 30, decision 095): an error or a warning that a story's
// page logged (a script's console.error/warn, an uncaught exception, the browser's own complaints
// such as a Permissions-Policy feature it does not know or a failed resource) fails the story at
// its next photograph (snap / snapDesktop call expectCleanConsole). Playwright keeps each page's
// last 200 messages itself (page.consoleMessages()), so no listener has to be attached early;
// each check clears them, and the next one sees only what came after.
import { expect, type ConsoleMessage, type Page } from '@playwright/test';

interface Allowed {
  pattern: RegExp;
  reason: string;
}

/**
 * Messages that are expected wherever they appear, each with why. A story that provokes an error on
 * purpose (a refused request it then shows) names it with allowConsole instead, for that page only.
 */
const ALWAYS_ALLOWED: readonly Allowed[] = [
  {
    // Chromium logs every refused fetch. An API call answered 4xx is the product saying no (a wrong
    // password, a duplicate name, a permission the role lacks), and the story asserts the message the
    // screen shows for it; a 5xx, or a 4xx for anything but the API (a missing script or picture), is
    // never allowed.
    pattern: /^error: Failed to load resource: the server responded with a status of 4\d\d .*\(https?:\/\/[^/]+\/api\//,
    reason: "an API refusal the screen shows; stories assert the screen's message",
  },
  {
    // Only a story that takes its browser offline (context.setOffline) sees these; what the learner
    // or author is shown offline is what those stories assert.
    pattern: /^error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED/,
    reason: 'a request made while the story keeps the browser offline on purpose',
  },
  {
    // Playwright's own words when a story runs with serviceWorkers: 'block'; the app then works
    // online without offline support, which is what such a story wants.
    pattern: /^warning: Service Worker registration blocked by Playwright/,
    reason: 'a story that blocks the service worker on purpose',
  },
];

const allowedFor = new WeakMap<Page, Allowed[]>();

/**
 * Lets this page log a message matching `pattern` (until the story ends): for an error the story
 * provokes on purpose, e.g. a refused request ('Failed to load resource: … status of 409') whose
 * message the screen then shows. The reason says which step causes it.
 */
export function allowConsole(page: Page, pattern: RegExp, reason: string): void {
  const list = allowedFor.get(page) ?? [];
  list.push({ pattern, reason });
  allowedFor.set(page, list);
}

const describe = (m: ConsoleMessage) => {
  const where = m.location().url ? ` (${m.location().url}${m.location().lineNumber ? `:${m.location().lineNumber}` : ''})` : '';
  return `${m.type()}: ${m.text()}${where}`;
};

/** The errors and warnings logged since the last check, less the allowed ones; then forgets them. */
export async function unexpectedConsole(page: Page): Promise<string[]> {
  if (page.isClosed()) return [];
  const allowed = [...ALWAYS_ALLOWED, ...(allowedFor.get(page) ?? [])];
  const isAllowed = (text: string) => allowed.some((a) => a.pattern.test(text));
  const messages = (await page.consoleMessages())
    .filter((m) => m.type() === 'error' || m.type() === 'warning')
    .map(describe)
    .filter((text) => !isAllowed(text));
  const errors = (await page.pageErrors()).map((e) => `uncaught: ${e.message}`).filter((text) => !isAllowed(text));
  await page.clearConsoleMessages();
  await page.clearPageErrors();
  return [...messages, ...errors];
}

/** Fails the story when the page logged an error or warning it did not expect (see allowConsole). */
export async function expectCleanConsole(page: Page, where: string): Promise<void> {
  const found = await unexpectedConsole(page);
  expect(found, `console errors or warnings before ${where}`).toEqual([]);
}
