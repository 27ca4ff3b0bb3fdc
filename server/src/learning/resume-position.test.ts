// Resume opens where the learner was: the section they last opened, by client time, not the
// last one they finished. The player records an opened-and-left section as a progress event
// without a video time, which moves only the course position.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { COURSE, clientTime, createStudyFixtures } from './study-fixtures';

describe.each(testDrivers())('where Resume opens on %s', (driver) => {
  let app: TestApp;
  let fx: ReturnType<typeof createStudyFixtures>;

  beforeAll(async () => {
    app = await createTestApp(driver);
    fx = createStudyFixtures(app);
  });
  afterAll(() => app?.close());

  it('opens lesson 3 after lesson 1 was finished and lesson 3 opened and left, keeping lesson 1’s video time', async () => {
    const { b, userId, course } = await fx.enrolled();
    const upload = (json: Record<string, unknown>) => b.call(`${COURSE}/Course/Uploadviewing/${userId}`, { json: { eventId: randomUUID(), courseId: course.id, ...json } });

    // Lesson 1 (the video) finished; lesson 3 (module 2's quiz) opened and left without doing anything.
    const finished = await upload({ currentModule: course.m1, currentSection: course.video.section, secondsWatched: 95, isCompleted: true, lastDateVisted: clientTime(app, -60_000) });
    expect(finished.body.data).toMatchObject({ isCompleted: true, percentage: 33 });
    const opened = await upload({ currentModule: course.m2, currentSection: course.quiz.section, lastDateVisted: clientTime(app, -30_000) });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ isCompleted: false, percentage: 33 });

    const where = { currentModule: course.m2, currentSection: course.quiz.section };
    expect((await b.call(`${COURSE}/Course/Recent/${userId}`)).body.data).toMatchObject(where);
    expect((await b.call(`${COURSE}/Course/Enrolled/${userId}`)).body.data[0]).toMatchObject(where);
    expect((await b.call(`${COURSE}/Course/Enrolled/Details/${userId}/${course.id}`)).body.data).toMatchObject(where);

    // Back to lesson 1 and away again: the position moves, the video's time stays where it was.
    await upload({ currentModule: course.m1, currentSection: course.video.section, lastDateVisted: clientTime(app, -10_000) });
    const content = (await b.call(`${COURSE}/Course/Enrolled/Details/${userId}/${course.id}`)).body.data;
    expect(content).toMatchObject({ currentModule: course.m1, currentSection: course.video.section });
    const video = content.videos[0].items.find((s: { courseModuleItemId: number }) => s.courseModuleItemId === course.video.section);
    expect(video).toMatchObject({ isCompleted: true });
    expect(video.courseModuleItemAssets[0].secondsWatched).toBe(95);

    // An opening that happened earlier (a phone that was offline) does not take the place back.
    await upload({ currentModule: course.m2, currentSection: course.quiz.section, lastDateVisted: clientTime(app, -20_000) });
    expect((await b.call(`${COURSE}/Course/Recent/${userId}`)).body.data).toMatchObject({ currentModule: course.m1, currentSection: course.video.section });
  });
});
