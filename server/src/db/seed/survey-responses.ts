// Demo survey responses (decision 049): some demo learners have answered the demo survey
// ('Course feedback') for free courses they are enrolled in, so Manage Survey's responses view
// shows counts, a rating spread and free-text answers in the demo instead of zeros. The answers
// are fixed, not random, so the demo looks the same on every start. Runs once: if any response
// exists it does nothing (real learners' answers are never mixed with these on a later start).
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../client';
import * as t from '../schema';
import { DEMO_LEARNERS } from './catalogue/learners';
import { DEMO_SURVEY } from './catalogue/surveys';

/** At most this many demo responses: enough for a spread, few enough to read. */
export const DEMO_RESPONSE_LIMIT = 12;

const SUGGESTIONS = [
  'More examples from Nigerian businesses.',
  'Shorter videos, please.',
  'A printable summary of each module would help.',
  'The quizzes could explain the right answers.',
  'More practice exercises between sections.',
  'Subtitles in Yoruba and Hausa.',
];
/** Index into the first question's options (Very useful … Not useful), and a 0–10 rating, per response. */
const CHOICES = [0, 1, 0, 2, 1, 0, 1, 3, 0, 1, 2, 0];
const RATINGS = [9, 8, 10, 6, 7, 9, 8, 3, 10, 7, 5, 9];

export async function seedDemoSurveyResponses(db: Database): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(t.surveyResponses);
  if ((existing?.n ?? 0) > 0) return;
  const [survey] = await db.select({ id: t.surveys.id }).from(t.surveys).where(eq(t.surveys.title, DEMO_SURVEY.title)).orderBy(asc(t.surveys.id)).limit(1);
  if (!survey) return;
  const questions = await db
    .select({ id: t.surveyQuestions.id, questionType: t.surveyQuestions.questionType })
    .from(t.surveyQuestions)
    .where(eq(t.surveyQuestions.surveyId, survey.id))
    .orderBy(asc(t.surveyQuestions.position));
  const choice = questions.find((q) => q.questionType === 1);
  const text = questions.find((q) => q.questionType === 2);
  const rating = questions.find((q) => q.questionType === 3);
  if (!choice || !text || !rating) return;
  const options = await db
    .select({ id: t.surveyQuestionOptions.id, option: t.surveyQuestionOptions.option })
    .from(t.surveyQuestionOptions)
    .where(eq(t.surveyQuestionOptions.questionId, choice.id))
    .orderBy(asc(t.surveyQuestionOptions.position));
  if (!options.length) return;

  // Demo learners' enrolments in courses that carry the demo survey, oldest first.
  const enrolled = await db
    .select({ userId: t.enrollments.userId, courseId: t.enrollments.courseId, enrolledAt: t.enrollments.enrolledAt })
    .from(t.enrollments)
    .innerJoin(t.users, eq(t.users.id, t.enrollments.userId))
    .innerJoin(t.courses, eq(t.courses.id, t.enrollments.courseId))
    .where(and(inArray(t.users.userName, DEMO_LEARNERS.map((l) => l.email)), eq(t.courses.surveyId, survey.id), eq(t.courses.hasSurvey, true)))
    .orderBy(asc(t.enrollments.enrolledAt), asc(t.enrollments.courseId))
    .limit(DEMO_RESPONSE_LIMIT);
  if (!enrolled.length) return;

  await db.transaction(async (tx) => {
    const responses = enrolled.map((e, i) => ({ id: randomUUID(), surveyId: survey.id, courseId: e.courseId, userId: e.userId, submittedAt: new Date(e.enrolledAt.getTime() + 3 * 86_400_000), i }));
    await tx.insert(t.surveyResponses).values(responses.map(({ i: _, ...r }) => r));
    await tx.insert(t.surveyResponseAnswers).values(
      responses.flatMap((r) => {
        const picked = options[CHOICES[r.i % CHOICES.length]! % options.length]!;
        return [
          { responseId: r.id, questionId: choice.id, optionId: picked.id, answer: picked.option },
          { responseId: r.id, questionId: text.id, optionId: null, answer: SUGGESTIONS[r.i % SUGGESTIONS.length]! },
          { responseId: r.id, questionId: rating.id, optionId: null, answer: String(RATINGS[r.i % RATINGS.length]) },
        ];
      }),
    );
  });
}
