// Preview Course (spec 001 §2.1, §2.4, §5; decision 035): a new institution admin builds a course
// with an article and an image, is refused a preview while a section is empty (§5's words), adds
// the picture, previews the course in the learner's player — the picture served through a staff
// preview address — works through it, and comes back to Build Curriculum. Nothing the preview does
// reaches a progress, quiz, survey or certificate call. The story makes its own admin and course.
import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_MESSAGES } from '../../shared/domain/course-preview';
import { draftToCurriculum, picture } from './course-wizard-helpers';
import { newUnilagAdmin, snapDesktop } from './staff-helpers';

const stamp = Date.now().toString(36);

async function addContent(page: Page, where: string, type: 'Article' | 'Image') {
  await page.getByRole('button', { name: `Add content to ${where}` }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
}

test('an institution admin is refused a preview with an empty section, then previews the course in the learner’s player and comes back', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const learnerCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(Course\/Course\/(Uploadviewing|Quiz\/UpdateScore|Events)|Course\/Survey\/Response|Institution\/Certificate)/.test(request.url())) learnerCalls.push(request.url());
  });
  await newUnilagAdmin(page, browser, baseURL, { userName: `e2e.previewer.${stamp}`, firstName: 'Kemi', lastName: 'Previewer', password: 'Preview#Unilag2026' });
  const title = `E2E Preview Course ${stamp}`;
  const courseId = await draftToCurriculum(page, { title, paid: true, survey: false });

  // A module with an article, and a second section still empty.
  await page.getByRole('button', { name: 'Add Course Module' }).click();
  await page.keyboard.type('Keeping records');
  await page.getByRole('button', { name: 'Add Course Section' }).click();
  await page.keyboard.type('The sales book');
  await addContent(page, 'section 1 of module 1', 'Article');
  const article = page.getByRole('dialog', { name: 'Add Article' });
  await article.getByLabel('Article Title').fill('Reading a ledger');
  await article.getByRole('textbox', { name: 'Article', exact: true }).click();
  await page.keyboard.type('Write down every sale on the day it happens, with what was sold and for how much.');
  await article.getByRole('button', { name: 'Add Article' }).click();
  await expect(page.getByRole('row', { name: 'Article: Reading a ledger' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Course Section' }).click();
  await page.keyboard.type('The ledger, pictured');

  // §5: refused while a section has no content, in the spec's words; nothing opens.
  await page.getByRole('button', { name: 'Preview Course' }).click();
  await expect(page.getByRole('status').filter({ hasText: PREVIEW_MESSAGES.noContent }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/create-course\?/);
  await snapDesktop(page, 'admin-preview-1-refused');

  // The picture, uploaded to the partner's library through the bulk uploader.
  const imageName = `ledger-picture-${stamp}`;
  await addContent(page, 'section 2 of module 1', 'Image');
  const uploader = page.getByRole('dialog', { name: 'Upload Image' });
  const chooser = page.waitForEvent('filechooser');
  await uploader.getByRole('button', { name: 'Browse' }).click();
  await (await chooser).setFiles(await picture(imageName, 640, 360, { r: 240, g: 200, b: 40 }));
  await uploader.getByRole('list', { name: 'Uploads' }).getByRole('button', { name: `Use ${imageName}.png` }).click({ timeout: 30_000 });
  await expect(uploader).toBeHidden();
  await expect(page.getByText(PREVIEW_MESSAGES.noContent)).toHaveCount(0);
  // An image is described by its author before anything is saved (decision 093): the file name never is.
  await page.getByRole('button', { name: 'Preview Course' }).click();
  const pictureRow = page.getByRole('row', { name: `Image: ${imageName}.png` });
  await expect(pictureRow.getByText('Alt text cannot be empty')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/create-course\?/);
  await pictureRow.getByRole('textbox', { name: 'Alt text' }).fill('A ledger page with three sales written in columns');

  // Preview Course saves the unsaved curriculum as a draft, then opens the learner's player.
  await page.getByRole('button', { name: 'Preview Course' }).click();
  await expect(page.getByText('Course curriculum saved as draft')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/course-preview/${courseId}$`));
  const banner = page.getByRole('region', { name: 'Preview' });
  await expect(banner).toContainText('Preview — progress is not saved');
  await expect(page.getByRole('heading', { level: 1, name: 'The sales book' })).toBeVisible();
  await expect(page.getByText('Write down every sale on the day it happens')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '0');
  await snapDesktop(page, 'admin-preview-2-article');

  // Completing a section moves the page's own progress and goes on, as for a learner.
  await page.getByRole('button', { name: 'Mark as Completed' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The ledger, pictured' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '50');
  // The picture comes through a staff preview address and actually loads.
  const shown = page.getByRole('img', { name: 'A ledger page with three sales written in columns', exact: true });
  await expect(shown).toHaveAttribute('src', /^\/media\/c\/[^/]+\/\d+\//);
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
  await snapDesktop(page, 'admin-preview-3-picture');

  // The outline opens any section.
  await page.getByRole('complementary', { name: 'Course content' }).getByRole('button', { name: /The sales book/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The sales book' })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The ledger, pictured' })).toBeVisible();

  // The end of the course: where a learner would go on, the preview says so.
  await page.getByRole('button', { name: 'Mark as Completed' }).click();
  const end = page.getByRole('dialog', { name: 'End of the course' });
  await expect(end).toContainText('This preview saved nothing and issues no certificate.');
  await snapDesktop(page, 'admin-preview-4-end');
  await end.getByRole('button', { name: 'Back to Build Curriculum' }).click();
  await expect(page.getByRole('heading', { name: /Build Curriculum/ })).toBeVisible();
  await expect(page.getByRole('row', { name: `Image: ${imageName}.png` })).toBeVisible();
  expect(learnerCalls).toEqual([]);
});
