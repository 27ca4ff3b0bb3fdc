// The demo end-of-course survey. Rule: one active survey, 'Course feedback', is assigned
// (has_survey, survey_id) to every published course except the three free courses named in
// COURSES_WITHOUT_SURVEY, so both ends of a course can be tried: completion followed by the
// survey, and completion going straight to the congratulations page. The demo learner's course
// (Customer Service Excellence) has the survey.
import { and, eq, notInArray } from 'drizzle-orm';
import * as t from '../../schema';
import type { Tx } from './catalogue';

/** Free, published courses of active partners that finish without a survey. */
export const COURSES_WITHOUT_SURVEY = ['Public Speaking with Confidence', 'Time Management for Busy Professionals', 'Touch Typing and Keyboard Shortcuts'];

export const DEMO_SURVEY = {
  title: 'Course feedback',
  description: 'Tell us how this course went for you. Your answers are shared anonymously with the educators and help them improve the course.',
  questions: [
    {
      question: 'How useful was this course for your work?',
      questionType: 1,
      options: ['Very useful', 'Useful', 'Somewhat useful', 'Not useful'],
    },
    { question: 'What should the educators improve?', questionType: 2, options: [] },
    { question: 'How likely are you to recommend this course to a friend?', questionType: 3, options: [] },
  ],
} as const;

export async function seedSurveys(tx: Tx): Promise<void> {
  const [survey] = await tx
    .insert(t.surveys)
    .values({ title: DEMO_SURVEY.title, description: DEMO_SURVEY.description, isActive: true, draft: false })
    .returning({ id: t.surveys.id });
  const surveyId = survey!.id;
  const questions = await tx
    .insert(t.surveyQuestions)
    .values(DEMO_SURVEY.questions.map((q, i) => ({ surveyId, position: i + 1, question: q.question, questionType: q.questionType })))
    .returning({ id: t.surveyQuestions.id, position: t.surveyQuestions.position });
  const idAt = new Map(questions.map((q) => [q.position, q.id]));
  await tx.insert(t.surveyQuestionOptions).values(
    DEMO_SURVEY.questions.flatMap((q, i): (typeof t.surveyQuestionOptions.$inferInsert)[] => {
      const questionId = idAt.get(i + 1)!;
      if (q.questionType === 3) return [{ questionId, position: 1, option: '', minValue: 0, maxValue: 10, step: 1 }];
      return q.options.map((option, j) => ({ questionId, position: j + 1, option }));
    }),
  );
  await tx
    .update(t.courses)
    .set({ hasSurvey: true, surveyId })
    .where(and(eq(t.courses.approvalStatus, 2), eq(t.courses.draft, false), notInArray(t.courses.title, COURSES_WITHOUT_SURVEY)));
}
