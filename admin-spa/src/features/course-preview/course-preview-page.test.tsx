import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { PreviewContent } from '@rivet/shared/api/course-preview';
import { PREVIEW_MESSAGES } from '@rivet/shared/domain/course-preview';
import { fail, fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';

const PREVIEW = '/api/Course/Course/AdminPreviewCourse/41';

const asset = (id: number, assetType: 'article' | 'image' | 'quiz', title: string, patch: Partial<PreviewContent['videos'][number]['items'][number]['courseModuleItemAssets'][number]> = {}) => ({
  courseModuleItemAssetId: id,
  assetType,
  title,
  url: null,
  hlsUrl: null,
  altText: null,
  body: null,
  quiz: null,
  duration: null,
  durationDisplay: null,
  isCompleted: false,
  secondsWatched: 0,
  ...patch,
});

const content = (): PreviewContent => ({
  courseId: 41,
  title: 'Spreadsheets for Small Business',
  description: 'Keep your books.',
  institution: 'Lagos Business School',
  institutionId: 7,
  institutionLogo: null,
  courseThumbNailUrl: null,
  coursePrice: { amount: 5000, basePrice: 5000, vat: 0, gatewayCharge: 0, currencyId: 1 },
  hasSurvey: false,
  surveySubmitted: false,
  completed: false,
  percentage: 0,
  currentModule: null,
  currentSection: null,
  certificateId: null,
  mediaExpiresAt: new Date(Date.now() + 3600_000).toISOString(),
  videos: [
    {
      courseModuleId: 1,
      title: 'Getting started',
      itemsCompleted: 0,
      items: [
        { courseModuleItemId: 11, title: 'Why books matter', isCompleted: false, courseModuleItemAssets: [asset(101, 'article', 'Reading a ledger', { body: '<p>A ledger lists every sale.</p>' })] },
        { courseModuleItemId: 12, title: 'The ledger, pictured', isCompleted: false, courseModuleItemAssets: [asset(102, 'image', 'ledger.svg', { url: '/media/c/preview-token/102/ledger.svg', altText: 'A ledger page with three sales written in columns' })] },
      ],
    },
    {
      courseModuleId: 2,
      title: 'Test yourself',
      itemsCompleted: 0,
      items: [
        {
          courseModuleItemId: 21,
          title: 'Quiz',
          isCompleted: false,
          courseModuleItemAssets: [
            asset(103, 'quiz', 'Check your understanding', {
              quiz: {
                name: 'Check your understanding',
                description: 'One question.',
                randomize: false,
                timed: false,
                duration: 0,
                pointPerQuestion: 5,
                requiredNextModule: true,
                passMark: 100,
                // A certificate quiz reaches the player as learners get it: without its key.
                data: [{ question: '<p>Where do totals go?</p>', type: 0, options: [{ title: 'Column D', description: '', isAnswer: null }, { title: 'Column A', description: '', isAnswer: null }] }],
              },
            }),
          ],
        },
      ],
    },
  ],
  answerKeys: { '103': [[0]] },
});

async function setup(reply = () => ok(content())) {
  const server = fakeFetch({ [`GET ${PREVIEW}`]: reply });
  const view = renderAdmin({ path: '/course-preview/41', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
  // As Build Curriculum opens it: with the way back.
  await act(() => view.router.navigate('/course-preview/41', { replace: true, state: { returnTo: '/create-course?courseId=41&step=3', returnLabel: 'Back to Build Curriculum' } }));
  const sent = () => server.requests.filter((r) => r.path !== PREVIEW);
  return { ...view, server, sent };
}

const quizButton = (name: string) => within(screen.getByRole('region', { name: 'Check your understanding' })).getByRole('button', { name });

describe('Preview Course', { timeout: 30_000 }, () => {
  it('shows the course in the learner’s player under a banner, keeps what is done on the page and sends nothing', async () => {
    const { user, sent, router } = await setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Why books matter' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('Preview — progress is not saved');
    expect(screen.getByText('A ledger lists every sale.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '0');

    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    // The 2-second notice, then the picture, as for a learner; the progress moves on the page only.
    expect(await screen.findByRole('heading', { level: 1, name: 'The ledger, pictured' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByRole('img', { name: 'A ledger page with three sales written in columns' })).toHaveAttribute('src', '/media/c/preview-token/102/ledger.svg');
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));

    // The next module opens on its quiz, as for a learner. A certificate quiz: marked with the preview's key, on the page.
    expect(await screen.findByRole('heading', { level: 2, name: 'Check your understanding' })).toBeInTheDocument();
    expect(screen.getByText('Required for your certificate')).toBeInTheDocument();
    await user.click(quizButton('Start Quiz'));
    await user.click(screen.getByRole('radio', { name: 'Column A' }));
    await user.click(quizButton('Submit answers'));
    expect(await screen.findByText('0/1', { selector: '.quiz-score__value' })).toBeInTheDocument();
    await user.click(quizButton('Try again'));
    await user.click(screen.getByRole('radio', { name: 'Column D' }));
    await user.click(quizButton('Submit answers'));
    expect(await screen.findByText('1/1', { selector: '.quiz-score__value' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '100');
    await user.click(quizButton('Next'));

    // Where a learner would go on to completion and the certificate, the preview says so and stays.
    const end = await screen.findByRole('dialog', { name: 'End of the course' });
    expect(end).toHaveTextContent('This preview saved nothing and issues no certificate.');
    // No progress, quiz, survey or certificate call: nothing but the preview itself.
    expect(sent().map((r) => `${r.method} ${r.path}`)).toEqual([]);
    await user.click(within(end).getByRole('button', { name: 'Back to Build Curriculum' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/create-course?courseId=41&step=3'));

  });

  it('says why a course cannot be previewed, in §5’s words, with the way back', async () => {
    const { user, router } = await setup(() => fail(422, PREVIEW_MESSAGES.noContent));
    expect(await screen.findByRole('heading', { level: 1, name: 'This course cannot be previewed yet' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(PREVIEW_MESSAGES.noContent)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Back to Build Curriculum' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-course'));
  });

  it('treats another partner’s course as not found', async () => {
    await setup(() => fail(404, 'Course not found'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
