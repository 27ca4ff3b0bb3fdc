import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE_SURVEY_MESSAGES as M } from '@rivet/shared/api/manage-survey';
import { SURVEY_MESSAGES } from '@rivet/shared/api/course-survey';
import * as t from '../db/schema';
import { insertCourse } from '../testing/catalogue-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const COURSE = '/api/Course';
type Json = Record<string, any>;

const questions = [
  { questionType: 1, question: 'Was the pace right?', options: [{ option: 'Too slow' }, { option: 'Just right' }, { option: 'Too fast' }] },
  { questionType: 2, question: 'What would you add?' },
  { questionType: 3, question: 'How clear were the lessons?', minValue: 1, maxValue: 5 },
];

describe.each(testDrivers())('Manage Survey on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser & { userId: string };
  let rivetAdmin: Browser;
  let unilagAdmin: Browser;
  let unilag: number;
  let lbs: number;

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    superAdmin = await signedInStaff(app, 'manage.survey.super', 'SUPER ADMIN', null);
    rivetAdmin = await signedInStaff(app, 'manage.survey.rivet', 'RIVET ADMIN', null);
    unilagAdmin = await signedInStaff(app, 'manage.survey.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    unilag = (await db.select().from(t.institutions).where(eq(t.institutions.code, 'UNILAG')))[0]!.id;
    lbs = (await db.select().from(t.institutions).where(eq(t.institutions.code, 'LBS')))[0]!.id;
  });
  afterAll(() => app?.close());

  const create = (who: Browser, body: Json, draft = false) => who.call(`${COURSE}/Survey/Create?Draft=${draft}`, { json: body });
  const update = (who: Browser, body: Json, draft = false) => who.call(`${COURSE}/Survey/Update?Draft=${draft}`, { json: body });
  const audits = (action: string, record: number) =>
    app.database.db.select().from(t.auditTrail).where(and(eq(t.auditTrail.moduleName, 'Survey'), eq(t.auditTrail.moduleAction, action), eq(t.auditTrail.record, String(record))));

  it('saves a draft, lists it under Draft only, finishes it with Confirm, and names who wrote it', async () => {
    const saved = await create(superAdmin, { title: ' Pace check ', description: 'Two minutes.', questions }, true);
    expect([saved.status, saved.body.description]).toEqual([200, M.savedAsDraft]);
    const survey = saved.body.data as Json;
    expect(survey).toMatchObject({ title: 'Pace check', draft: true, isActive: true, createdBy: 'Bola Ade', responses: 0, questionCount: 3 });
    expect(survey.questions.map((q: Json) => [q.question, q.questionType, q.options.map((o: Json) => o.option || `${o.minValue}-${o.maxValue}`)])).toEqual([
      ['Was the pace right?', 1, ['Too slow', 'Just right', 'Too fast']],
      ['What would you add?', 2, []],
      ['How clear were the lessons?', 3, ['1-5']],
    ]);
    expect(await audits('Create', survey.surveyId)).toHaveLength(1);

    const drafts = (await superAdmin.call(`${COURSE}/Survey/List?Draft=true`)).body.data as Json[];
    expect(drafts.map((s) => s.surveyId)).toContain(survey.surveyId);
    expect(((await superAdmin.call(`${COURSE}/Survey/List?Draft=false`)).body.data as Json[]).map((s) => s.surveyId)).not.toContain(survey.surveyId);
    // A draft cannot be assigned, nor toggled.
    expect((await superAdmin.call(`${COURSE}/Survey/Toggle/${survey.surveyId}`, { method: 'POST' })).status).toBe(409);

    const again = await update(superAdmin, { surveyId: survey.surveyId, title: 'Pace check', description: 'Two minutes.', questions: questions.slice(0, 2) }, true);
    expect([again.status, again.body.description, again.body.data.questionCount]).toEqual([200, M.draftUpdated, 2]);
    const confirmed = await update(rivetAdmin, { surveyId: survey.surveyId, title: 'Pace check', description: 'Two minutes.', questions });
    expect([confirmed.status, confirmed.body.description]).toEqual([200, M.created]);
    expect(confirmed.body.data).toMatchObject({ draft: false, isActive: true, questionCount: 3 });
    // Authors now find it in the wizard's step.
    const offered = (await unilagAdmin.call(`${COURSE}/Survey/List?Draft=false&IsActive=true`)).body.data as Json[];
    expect(offered.map((s) => s.surveyId)).toContain(survey.surveyId);
    // And it cannot become a draft again.
    const back = await update(superAdmin, { surveyId: survey.surveyId, title: 'Pace check', questions }, true);
    expect([back.status, back.body.description]).toEqual([409, M.backToDraft]);
    const edited = await update(superAdmin, { surveyId: survey.surveyId, title: 'Pace check (v2)', questions });
    expect([edited.status, edited.body.description, edited.body.data.title]).toEqual([200, M.updated, 'Pace check (v2)']);
  });

  it('refuses a survey without a title, a question without text, and broken options or scales, with the spec’s words', async () => {
    const cases: [Json, string][] = [
      [{ title: '  ', questions }, M.titleRequired],
      [{ title: 'x', questions: [{ questionType: 2, question: ' ' }] }, M.questionRequired],
      [{ title: 'x', questions: [{ questionType: 1, question: 'Pick', options: [{ option: 'Only one' }] }] }, M.twoOptions],
      [{ title: 'x', questions: [{ questionType: 1, question: 'Pick', options: [{ option: 'A' }, { option: '' }] }] }, M.optionRequired],
      [{ title: 'x', questions: [{ questionType: 3, question: 'Rate', minValue: 5, maxValue: 5 }] }, M.ratingRange],
      [{ title: 'x', questions: [{ questionType: 3, question: 'Rate', minValue: 0, maxValue: 30 }] }, M.ratingRange],
      [{ title: 'x', questions: [] }, M.oneQuestion],
    ];
    for (const [body, message] of cases) {
      const res = await create(superAdmin, body, true);
      expect([res.status, res.body.description], message).toEqual([400, message]);
    }
    expect(M.questionRequired).toBe('Please type in questions where necessary');
  });

  it('keeps Manage Survey to SUPER ADMIN and RIVET ADMIN', async () => {
    const calls: [string, Json | undefined][] = [
      ['Survey/Create', { title: 'Mine', questions }],
      ['Survey/Toggle/1', undefined],
      ['Course/Survey/Assign', { surveyId: 1, courseIds: [1] }],
      ['Course/Survey/UnAssign/1', undefined],
    ];
    for (const [path, json] of calls) expect((await unilagAdmin.call(`${COURSE}/${path}`, { method: 'POST', json })).status, path).toBe(403);
    for (const path of ['Survey/Responses/1', 'Course/NoSurvey/Courses', 'Course/Survey/Courses/1']) expect((await unilagAdmin.call(`${COURSE}/${path}`)).status, path).toBe(403);
  });

  it('activates and deactivates: authors stop being offered an inactive survey, and it stays on its courses', async () => {
    const survey = (await create(superAdmin, { title: 'Toggle me', questions })).body.data as Json;
    expect(survey.draft).toBe(false);
    const course = await insertCourse(app.database.db, { institutionId: unilag, title: 'Toggle Course', hasSurvey: true, surveyId: survey.surveyId });
    const off = await superAdmin.call(`${COURSE}/Survey/Toggle/${survey.surveyId}`, { method: 'POST' });
    expect([off.status, off.body.description, off.body.data]).toEqual([200, M.toggled, { surveyId: survey.surveyId, isActive: false }]);
    const offered = (await unilagAdmin.call(`${COURSE}/Survey/List?Draft=false&IsActive=true`)).body.data as Json[];
    expect(offered.map((s) => s.surveyId)).not.toContain(survey.surveyId);
    expect((await app.database.db.select().from(t.courses).where(eq(t.courses.id, course.id)))[0]!.surveyId).toBe(survey.surveyId);
    // An inactive survey cannot be given to more courses.
    const other = await insertCourse(app.database.db, { institutionId: lbs, title: 'Another Course' });
    const refused = await superAdmin.call(`${COURSE}/Course/Survey/Assign`, { json: { surveyId: survey.surveyId, courseIds: [other.id] } });
    expect([refused.status, refused.body.description]).toEqual([400, M.notActive]);
    const on = await superAdmin.call(`${COURSE}/Survey/Toggle/${survey.surveyId}`, { method: 'POST' });
    expect(on.body.data.isActive).toBe(true);
    expect(await audits('Toggle', survey.surveyId)).toHaveLength(2);
    expect((await superAdmin.call(`${COURSE}/Survey/Toggle/999999`, { method: 'POST' })).status).toBe(404);
  });

  it('assigns courses of any partner without a survey, pages and searches them, and unassigns one', async () => {
    const survey = (await create(superAdmin, { title: 'Assign me', questions })).body.data as Json;
    const db = app.database.db;
    const mine = [];
    for (let i = 1; i <= 12; i++) mine.push(await insertCourse(db, { institutionId: i % 2 ? unilag : lbs, title: `Assignable ${String(i).padStart(2, '0')}`, modules: 0 }));
    const offered = (await superAdmin.call(`${COURSE}/Course/NoSurvey/Courses?search=Assignable`)).body.data as Json[];
    expect(offered.map((c) => c.title)).toEqual(mine.map((c) => c.title));
    expect(offered[0]).toMatchObject({ courseId: mine[0]!.id, institution: 'UNILAG', draft: false, approvalStatus: 2 });

    const none = await superAdmin.call(`${COURSE}/Course/Survey/Assign`, { json: { surveyId: survey.surveyId, courseIds: [] } });
    expect([none.status, none.body.description]).toEqual([400, M.noCourse]);
    const res = await superAdmin.call(`${COURSE}/Course/Survey/Assign`, { json: { surveyId: survey.surveyId, courseIds: mine.map((c) => c.id) } });
    expect([res.status, res.body.description]).toEqual([200, M.assigned]);
    const stored = await db.select().from(t.courses).where(eq(t.courses.surveyId, survey.surveyId));
    expect(stored.every((c) => c.hasSurvey)).toBe(true);
    expect(stored).toHaveLength(12);
    expect((await audits('Assign', mine[0]!.id))).toHaveLength(1);
    expect((await superAdmin.call(`${COURSE}/Course/NoSurvey/Courses?search=Assignable`)).body.data).toEqual([]);

    const page1 = (await superAdmin.call(`${COURSE}/Course/Survey/Courses/${survey.surveyId}`)).body.data as Json;
    expect([page1.items.length, page1.totalRows]).toEqual([10, 12]);
    const page2 = (await superAdmin.call(`${COURSE}/Course/Survey/Courses/${survey.surveyId}?Page=2&PageSize=10`)).body.data as Json;
    expect(page2.items.map((c: Json) => c.title)).toEqual(['Assignable 11', 'Assignable 12']);
    const found = (await superAdmin.call(`${COURSE}/Course/Survey/Courses/${survey.surveyId}?search=lbs`)).body.data as Json;
    expect(found.totalRows).toBe(6);

    // A course that already has a survey is refused, and nothing of the call is kept.
    const second = (await create(superAdmin, { title: 'Second', questions })).body.data as Json;
    const fresh = await insertCourse(db, { institutionId: unilag, title: 'Fresh Course', modules: 0 });
    const taken = await superAdmin.call(`${COURSE}/Course/Survey/Assign`, { json: { surveyId: second.surveyId, courseIds: [fresh.id, mine[0]!.id] } });
    expect([taken.status, taken.body.description]).toEqual([409, M.hasSurvey('Assignable 01')]);
    expect((await db.select().from(t.courses).where(eq(t.courses.id, fresh.id)))[0]!.surveyId).toBeNull();
    expect((await superAdmin.call(`${COURSE}/Course/Survey/Assign`, { json: { surveyId: second.surveyId, courseIds: [999999] } })).status).toBe(404);

    const removed = await superAdmin.call(`${COURSE}/Course/Survey/UnAssign/${mine[0]!.id}`, { method: 'POST' });
    expect([removed.status, removed.body.description, removed.body.data]).toEqual([200, M.unassigned, { courseId: mine[0]!.id, surveyId: survey.surveyId }]);
    expect((await db.select().from(t.courses).where(eq(t.courses.id, mine[0]!.id)))[0]).toMatchObject({ surveyId: null, hasSurvey: false });
    const twice = await superAdmin.call(`${COURSE}/Course/Survey/UnAssign/${mine[0]!.id}`, { method: 'POST' });
    expect([twice.status, twice.body.description]).toEqual([409, M.noSurvey]);
    expect((await superAdmin.call(`${COURSE}/Course/Survey/UnAssign/999999`, { method: 'POST' })).status).toBe(404);
    expect((await superAdmin.call(`${COURSE}/Course/Survey/Courses/999999`)).status).toBe(404);
  });

  it('sums up responses without anyone’s identity, and locks the questions of an answered survey', async () => {
    const db = app.database.db;
    const survey = (await create(superAdmin, { title: 'Answered', questions })).body.data as Json;
    const [mc, free, rating] = survey.questions as Json[];
    const course = await insertCourse(db, { institutionId: unilag, title: 'Answered Course', hasSurvey: true, surveyId: survey.surveyId, modules: 0 });
    const given: [number, string, number][] = [[0, 'More case studies', 4], [1, 'Nothing', 5], [1, 'A glossary', 4]];
    for (const [option, text, score] of given) {
      const responseId = randomUUID();
      await db.insert(t.surveyResponses).values({ id: responseId, surveyId: survey.surveyId, courseId: course.id, userId: null });
      await db.insert(t.surveyResponseAnswers).values([
        { responseId, questionId: mc!.surveyQuestionId, optionId: mc!.options[option].surveyQuestionOptionId, answer: mc!.options[option].option },
        { responseId, questionId: free!.surveyQuestionId, answer: text },
        { responseId, questionId: rating!.surveyQuestionId, answer: String(score) },
      ]);
    }
    const res = await superAdmin.call(`${COURSE}/Survey/Responses/${survey.surveyId}`);
    expect(res.status).toBe(200);
    const results = res.body.data as Json;
    expect(results.responses).toBe(3);
    expect(results.questions[0].options.map((o: Json) => [o.option, o.count])).toEqual([['Too slow', 1], ['Just right', 2], ['Too fast', 0]]);
    expect(results.questions[1].answers).toEqual(['A glossary', 'More case studies', 'Nothing']);
    expect(results.questions[2].ratings).toEqual([1, 2, 3, 4, 5].map((value) => ({ value, count: value === 4 ? 2 : value === 5 ? 1 : 0 })));
    expect(results.questions[2].average).toBe(4.3);
    expect(JSON.stringify(results)).not.toMatch(/userId|userName|email|courseId|submittedAt/);
    expect((await superAdmin.call(`${COURSE}/Survey/List?Draft=false`)).body.data.find((s: Json) => s.surveyId === survey.surveyId).responses).toBe(3);

    // Questions of an answered survey stay: rewording or adding one is refused; the title may change.
    const reworded = [{ ...questions[0] }, { questionType: 2, question: 'What would you remove?' }, questions[2]];
    const locked = await update(superAdmin, { surveyId: survey.surveyId, title: 'Answered', questions: reworded });
    expect([locked.status, locked.body.description]).toEqual([409, M.lockedQuestions]);
    const retitled = await update(superAdmin, { surveyId: survey.surveyId, title: 'Answered (2026)', questions });
    expect([retitled.status, retitled.body.data.title]).toEqual([200, 'Answered (2026)']);
    expect(retitled.body.data.questions.map((q: Json) => q.surveyQuestionId)).toEqual([mc!.surveyQuestionId, free!.surveyQuestionId, rating!.surveyQuestionId]);
    expect((await superAdmin.call(`${COURSE}/Survey/Responses/999999`)).status).toBe(404);
  });

  it('leaves the wizard’s rules alone: drafts stay hidden from authors', async () => {
    const draft = (await create(superAdmin, { title: 'Hidden draft', questions }, true)).body.data as Json;
    const hidden = await unilagAdmin.call(`${COURSE}/Survey/Details/${draft.surveyId}`);
    expect([hidden.status, hidden.body.description]).toEqual([404, SURVEY_MESSAGES.notFound]);
  });
});
