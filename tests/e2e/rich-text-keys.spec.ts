// The rich-text editor (Tiptap, decision 029) moves like a word processor by keyboard (issue 30):
// Home/End and Ctrl+Home/End move the caret, Shift with them selects, and Enter on an empty list
// item leaves the list for a new paragraph. Real key presses in Chromium, on the editor of an
// e-mail template's Message (the story leaves without saving, so it changes nothing).
import { expect, test, type Page } from '@playwright/test';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

/**
 * The editor's blocks as text: 'p:…', 'li:…'. Every one counts: Tiptap's TrailingNode used to keep an
 * invisible empty paragraph after a list at the end, where Ctrl+End then went (decision 095).
 */
const blocks = (page: Page) =>
  page
    .getByRole('textbox', { name: 'Message' })
    .evaluate((editor) => [...editor.querySelectorAll(':scope > p, :scope > ul > li, :scope > ol > li, :scope > h2, :scope > h3')].map((b) => `${b.tagName.toLowerCase()}:${b.textContent}`));
const selected = (page: Page) => page.evaluate(() => window.getSelection()?.toString() ?? '');

test('the message editor moves and selects with Home, End and Ctrl, and Enter on an empty list item leaves the list', async ({ page }) => {
  await signInStaff(page, E2E_STAFF.superAdmin.userName);
  await page.goto('/admin/configuration/email-template');
  await page.getByRole('grid', { name: 'Email Notification' }).getByRole('button', { name: /^Edit / }).first().click();
  const editor = page.getByRole('textbox', { name: 'Message' });
  await expect(editor).toBeVisible();

  // Start from an empty message: select everything and type over it.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type('Dear learner,');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- first');
  await page.keyboard.press('Enter');
  await page.keyboard.type('second');
  await page.keyboard.press('Enter');
  // Enter on the empty third item leaves the list: what follows is a paragraph again.
  await page.keyboard.press('Enter');
  await page.keyboard.type('after the list');
  await expect.poll(() => blocks(page)).toEqual(['p:Dear learner,', 'li:first', 'li:second', 'p:after the list']);

  // Home and End stay on the line.
  await page.keyboard.press('Home');
  await page.keyboard.type('[');
  await page.keyboard.press('End');
  await page.keyboard.type(']');
  await expect.poll(() => blocks(page)).toEqual(['p:Dear learner,', 'li:first', 'li:second', 'p:[after the list]']);

  // Shift+Home selects to the line's start; typing replaces the selection.
  await page.keyboard.press('Shift+Home');
  expect(await selected(page)).toBe('[after the list]');
  await page.keyboard.type('Thanks');
  // Ctrl+Home goes to the very start, Ctrl+End to the very end.
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('Hello. ');
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('!');
  await expect.poll(() => blocks(page)).toEqual(['p:Hello. Dear learner,', 'li:first', 'li:second', 'p:Thanks!']);

  // Ctrl+Shift+Home selects from the caret to the start; Shift+End from a line's start to its end.
  await page.keyboard.press('ControlOrMeta+Shift+Home');
  expect((await selected(page)).replace(/\s+/g, ' ').trim()).toBe('Hello. Dear learner, first second Thanks!');
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('Shift+End');
  expect(await selected(page)).toBe('Hello. Dear learner,');
  await snapDesktop(page, 'admin-rich-text-keys');
});
