// Build Curriculum (spec 001 §2.4, §2.5, §4, §5; decision 031): an institution admin takes a new
// draft through Basic Setup and Additional Information, builds two modules with sections, an
// article, an uploaded image and a quiz, reorders modules by keyboard, saves, reloads and finds the same curriculum,
// then completes the step. The story's course has a title of its own; no demo record is changed.
import { expect, test, type Page } from '@playwright/test';
import { draftToCurriculum, picture } from './course-wizard-helpers';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

const valuesOf = (page: Page, name: RegExp | string) => () =>
  page.getByRole('textbox', { name, exact: true }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
const moduleTitles = (page: Page) => valuesOf(page, /^Module \d title$/);
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

async function addContent(page: Page, where: string, type: 'Article' | 'Quiz' | 'Image') {
  await page.getByRole('button', { name: `Add content to ${where}` }).click();
  await page.getByRole('menuitem', { name: type }).click();
}

test.describe('build a curriculum', () => {
  test('an institution admin builds modules, sections, an article and a quiz, reorders by keyboard, saves and finds it again', async ({ page }) => {
    const title = `E2E Curriculum Course ${Date.now().toString(36)}`;
    await signInStaff(page, E2E_STAFF.institutionAdmin.userName);
    const courseId = await draftToCurriculum(page, { title, paid: true, survey: false });

    // §5: nothing to save until every module has a section and every section content.
    const saveDraft = page.getByRole('button', { name: 'Save Draft' });
    await expect(saveDraft).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

    await page.getByRole('button', { name: 'Add Course Module' }).click();
    await expect(page.getByRole('textbox', { name: 'Module 1 title' })).toBeFocused();
    await page.keyboard.type('Keeping records');
    await page.getByRole('button', { name: 'Add Course Section' }).click();
    await page.keyboard.type('The sales book');
    await addContent(page, 'section 1 of module 1', 'Article');
    const article = page.getByRole('dialog', { name: 'Add Article' });
    await article.getByRole('button', { name: 'Add Article' }).click();
    await expect(article.getByText('Please enter the article title')).toBeVisible();
    await expect(article.getByText('Please write the article')).toBeVisible();
    await article.getByLabel('Article Title').fill('Reading a ledger');
    await article.getByRole('textbox', { name: 'Article', exact: true }).click();
    await page.keyboard.type('Write down every sale on the day it happens.');
    await snapDesktop(page, 'admin-curriculum-article');
    await article.getByRole('button', { name: 'Add Article' }).click();
    await expect(page.getByRole('row', { name: 'Article: Reading a ledger' })).toBeVisible();
    await expect(saveDraft).toBeEnabled();

    // An image beside it, uploaded to the partner's content library through the bulk uploader.
    const imageName = `ledger-key-points-${Date.now().toString(36)}`;
    const image = await picture(imageName, 640, 360, { r: 240, g: 200, b: 40 });
    await addContent(page, 'section 1 of module 1', 'Image');
    const uploader = page.getByRole('dialog', { name: 'Upload Image' });
    const chooser = page.waitForEvent('filechooser');
    await uploader.getByRole('button', { name: 'Browse' }).click();
    await (await chooser).setFiles(image);
    await uploader.getByRole('button', { name: `Use ${imageName}.png` }).first().click();
    await expect(uploader).toBeHidden();
    await expect(page.getByRole('row', { name: `Image: ${imageName}.png` })).toBeVisible();
    // Its alt text, what the picture shows (decision 093): required, with guidance under the field.
    const altText = page.getByRole('row', { name: `Image: ${imageName}.png` }).getByRole('textbox', { name: 'Alt text' });
    await expect(altText).toHaveAccessibleDescription(/Describe what the image shows for learners who cannot see it/);
    await altText.fill('Four key points of keeping a ledger, numbered');

    await page.getByRole('button', { name: 'Add Course Module' }).click();
    await page.keyboard.type('Checking your books');
    await page.getByRole('button', { name: 'Add Course Section' }).nth(1).click();
    await page.keyboard.type('Test yourself');
    await addContent(page, 'section 1 of module 2', 'Quiz');
    const setup = page.getByRole('dialog', { name: 'Quiz Setup' });
    await setup.getByRole('button', { name: 'Save' }).click();
    await expect(setup.getByText('Please enter quiz name')).toBeVisible();
    await expect(setup.getByText('Please enter description')).toBeVisible();
    await expect(setup.getByLabel('Duration (minutes)')).toBeDisabled();
    await expect(setup.getByLabel('Pass Mark (%)')).toBeDisabled();
    await setup.getByLabel('Quiz Name').fill('Check your books');
    await setup.getByLabel('Description').fill('Two quick questions on the week’s records.');
    await setup.locator('label', { hasText: 'Timed' }).click();
    await setup.getByLabel('Duration (minutes)').fill('10');
    await setup.locator('label', { hasText: 'Required for Certificate' }).click();
    await setup.getByLabel('Pass Mark (%)').fill('50');
    await snapDesktop(page, 'admin-curriculum-quiz-setup');
    await setup.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Every quiz needs at least one question.')).toBeVisible();
    // A quiz without a question keeps the curriculum from being saved.
    await expect(saveDraft).toBeDisabled();

    // A new multiple-choice question starts with three empty options; Cancel leaves nothing.
    await page.getByRole('button', { name: /Add New Question to quiz/ }).click();
    await page.getByRole('menuitem', { name: 'Multiple Choice' }).click();
    let question = page.getByRole('dialog', { name: 'Add Question' });
    await expect(question.getByRole('textbox', { name: /^Option \d$/ })).toHaveCount(3);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Every quiz needs at least one question.')).toBeVisible();

    await page.getByRole('button', { name: /Add New Question to quiz/ }).click();
    await page.getByRole('menuitem', { name: 'Single Choice' }).click();
    question = page.getByRole('dialog', { name: 'Add Question' });
    await question.getByRole('button', { name: 'Add Question' }).click();
    for (const message of ['Please enter the question', 'Please enter an answer', 'Please select a correct answer']) {
      await expect(question.getByText(message).first()).toBeVisible();
    }
    await question.getByRole('textbox', { name: 'Question', exact: true }).click();
    await page.keyboard.type('When do you write a sale down?');
    await question.getByRole('textbox', { name: 'Option 1' }).fill('The day it happens');
    await question.getByRole('textbox', { name: 'Option 2' }).fill('At the end of the month');
    await question.getByRole('radiogroup', { name: 'Correct answer' }).locator('label', { hasText: 'The day it happens' }).click();
    await snapDesktop(page, 'admin-curriculum-question');
    await question.getByRole('button', { name: 'Add Question' }).click();
    await expect(page.getByRole('list', { name: /Questions of quiz/ })).toContainText('When do you write a sale down?');
    await expect.poll(moduleTitles(page)).toEqual(['Keeping records', 'Checking your books']);
    await snapDesktop(page, 'admin-curriculum-built');

    // Keyboard reordering: from the module's title, Shift+Tab reaches its drag handle; Enter
    // picks it up, ArrowUp moves the drop position, Enter drops.
    await page.getByRole('textbox', { name: 'Module 2 title' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Drag module 2' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toMatch(/^Insert/);
    for (let i = 0; i < 3 && !/before Module 1/.test(await focusedLabel(page)); i++) await page.keyboard.press('ArrowUp');
    expect(await focusedLabel(page)).toBe('Insert before Module 1: Keeping records');
    await page.keyboard.press('Enter');
    await expect.poll(moduleTitles(page)).toEqual(['Checking your books', 'Keeping records']);

    await saveDraft.click();
    await expect(page.getByText('Course curriculum saved as draft')).toBeVisible();

    // A reload shows the same curriculum, in the new order.
    await page.reload();
    await expect(page.getByRole('heading', { name: /Build Curriculum/ })).toBeVisible();
    await expect.poll(moduleTitles(page)).toEqual(['Checking your books', 'Keeping records']);
    await expect.poll(valuesOf(page, 'Section 1 title')).toEqual(['Test yourself', 'The sales book']);
    await expect(page.getByRole('row', { name: 'Quiz: Check your books' })).toBeVisible();
    await expect(page.getByRole('row', { name: `Image: ${imageName}.png` })).toBeVisible();
    await expect(page.getByRole('row', { name: `Image: ${imageName}.png` }).getByRole('textbox', { name: 'Alt text' })).toHaveValue('Four key points of keeping a ledger, numbered');
    await expect(page.getByRole('list', { name: /Questions of quiz/ })).toContainText('When do you write a sale down?');
    await page.getByRole('button', { name: 'Edit Article “Reading a ledger”' }).click();
    await expect(page.getByRole('dialog', { name: 'Update Article' }).getByRole('textbox', { name: 'Article', exact: true })).toHaveText('Write down every sale on the day it happens.');
    await page.getByRole('dialog', { name: 'Update Article' }).getByRole('button', { name: 'Cancel' }).click();

    // Back asks first (spelling as the spec gives it); No stays.
    await page.getByRole('button', { name: 'Back' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('You will lose your progress, are you sure you want to go back?');
    await snapDesktop(page, 'admin-curriculum-back');
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('heading', { name: /Build Curriculum/ })).toBeVisible();

    // Continue completes the step and opens Pricing (admin-course-pricing.spec.ts prices and submits).
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Course curriculum completed').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /Pricing/ })).toBeVisible();
    await snapDesktop(page, 'admin-curriculum-completed');
    // The course now resumes at Pricing; its curriculum is one step back.
    await page.goto(`/admin/create-course?courseId=${courseId}&step=3`);
    await expect(page.getByRole('heading', { name: /Build Curriculum/ })).toBeVisible();
    await expect.poll(moduleTitles(page)).toEqual(['Checking your books', 'Keeping records']);
  });
});
