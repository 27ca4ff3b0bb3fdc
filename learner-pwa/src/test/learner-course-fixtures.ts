// The learner's own courses, a course's player content and a survey, in the contract's shapes
// (shared/api/learning.ts), for the dashboard, survey and completion screens' tests.
import type { LearnerCourse, PlayerContent, PlayerModule, Survey } from '@rivet/shared/api/learning';

export function learnerCourse(patch: Partial<LearnerCourse> = {}): LearnerCourse {
  return {
    courseId: 5,
    title: 'Customer Service Excellence',
    description: 'Delight every customer, on the phone and at the counter.',
    institution: 'University of Lagos',
    institutionId: 2,
    institutionLogo: '/media/demo/unilag.png',
    courseThumbNailUrl: '/media/demo/customer-service.jpg',
    courseLevelName: 'Beginner',
    duration: 120,
    modules: 2,
    coursePrice: { amount: 0 },
    completed: false,
    percentage: 40,
    currentModule: 51,
    currentSection: 512,
    enrolledAt: '2026-01-05T10:00:00.000Z',
    lastVisitedAt: '2026-02-01T10:00:00.000Z',
    completedAt: null,
    hasSurvey: true,
    certificateId: null,
    ...patch,
  };
}

export function completedCourse(patch: Partial<LearnerCourse> = {}): LearnerCourse {
  return learnerCourse({
    courseId: 9,
    title: 'Writing Effective Business Emails',
    institution: 'Lagos Business School',
    completed: true,
    percentage: 100,
    completedAt: '2026-02-10T10:00:00.000Z',
    ...patch,
  });
}

function module(id: number, title: string, sections: { id: number; title: string; done: boolean }[]): PlayerModule {
  return {
    courseModuleId: id,
    title,
    itemsCompleted: sections.filter((s) => s.done).length,
    items: sections.map((s) => ({
      courseModuleItemId: s.id,
      title: s.title,
      isCompleted: s.done,
      courseModuleItemAssets: [
        {
          courseModuleItemAssetId: s.id * 10,
          assetType: 'article',
          title: s.title,
          url: null,
          hlsUrl: null,
          altText: null,
          body: '<p>Read me.</p>',
          quiz: null,
          duration: null,
          durationDisplay: null,
          isCompleted: s.done,
          secondsWatched: 0,
        },
      ],
    })),
  };
}

export function playerContent(patch: Partial<PlayerContent> = {}): PlayerContent {
  const done = patch.completed ?? false;
  return {
    courseId: 5,
    title: 'Customer Service Excellence',
    description: 'Delight every customer, on the phone and at the counter.',
    institution: 'University of Lagos',
    institutionId: 2,
    institutionLogo: null,
    courseThumbNailUrl: null,
    coursePrice: { amount: 0, basePrice: 0, vat: 0, gatewayCharge: 0, currencyId: 1 },
    hasSurvey: true,
    surveySubmitted: false,
    completed: false,
    percentage: done ? 100 : 50,
    currentModule: 51,
    currentSection: 512,
    certificateId: null,
    mediaExpiresAt: '2099-01-01T00:00:00.000Z',
    videos: [
      module(51, 'Know your customer', [
        { id: 511, title: 'Who they are', done: true },
        { id: 512, title: 'What they need', done: true },
      ]),
      module(52, 'Handling complaints', [
        { id: 521, title: 'Listen first', done },
        { id: 522, title: 'Put it right', done },
      ]),
    ],
    ...patch,
  };
}

export function survey(patch: Partial<Survey> = {}): Survey {
  return {
    surveyId: 3,
    title: 'End of course survey',
    description: 'Tell us how the course went for you.',
    submitted: false,
    questions: [
      {
        surveyQuestionId: 31,
        question: 'How did you hear about the course?',
        questionType: 1,
        options: [
          { surveyQuestionOptionId: 311, option: 'A friend', minValue: null, maxValue: null, step: null },
          { surveyQuestionOptionId: 312, option: 'Social media', minValue: null, maxValue: null, step: null },
        ],
      },
      { surveyQuestionId: 32, question: 'What would you improve?', questionType: 2, options: [] },
      {
        surveyQuestionId: 33,
        question: 'How likely are you to recommend it?',
        questionType: 3,
        options: [{ surveyQuestionOptionId: 331, option: 'Rating', minValue: 1, maxValue: 5, step: 1 }],
      },
    ],
    ...patch,
  };
}
