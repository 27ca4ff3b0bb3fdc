import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES as M } from '@rivet/shared/api/workflows';
import * as t from '../db/schema';
import { insertCourse } from '../testing/catalogue-fixtures';
import { roleIdOf, signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const WF = '/api/Workflow/Workflow';

interface Level {
  approval?: number;
  users: { userId: string }[];
}

describe.each(testDrivers())('approval workflows on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser;
  let unilagAdmin: Browser & { userId: string };
  let unilagReport: Browser;
  let lbsAdmin: Browser;
  let unilag: number;
  let lbs: number;
  let categories: number[];
  /** UNILAG staff who may approve courses. */
  let approvers: string[];
  let lbsApprover: string;
  let unilagReporter: string;
  let inactiveApprover: string;
  let platformStaff: string;

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    superAdmin = await signedInStaff(app, 'workflows.super', 'SUPER ADMIN', null);
    unilagAdmin = await signedInStaff(app, 'workflows.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    unilagReport = await signedInStaff(app, 'workflows.report', 'INSTITUTION REPORT', 'UNILAG');
    lbsAdmin = await signedInStaff(app, 'workflows.lbs', 'INSTITUTION ADMIN', 'LBS');
    const byCode = async (code: string) => (await db.select().from(t.institutions).where(eq(t.institutions.code, code)))[0]!.id;
    unilag = await byCode('UNILAG');
    lbs = await byCode('LBS');
    categories = (await db.select({ id: t.courseCategories.id }).from(t.courseCategories).orderBy(t.courseCategories.id)).map((c) => c.id);
    const staff = async (userName: string, firstName: string, role: Parameters<typeof roleIdOf>[0], institutionId: number | null, isActive = true) =>
      (
        await db
          .insert(t.users)
          .values({ userName, email: `${userName}@staff.demo.ng`, firstName, lastName: 'Approver', passwordHash: 'x', roleId: roleIdOf(role), institutionId, isActive })
          .returning({ id: t.users.id })
      )[0]!.id;
    approvers = [
      await staff('wf.ada', 'Ada', 'INSTITUTION ADMIN', unilag),
      await staff('wf.bayo', 'Bayo', 'INSTITUTION ADMIN', unilag),
      await staff('wf.chidi', 'Chidi', 'INSTITUTION ADMIN', unilag),
      await staff('wf.dupe', 'Dupe', 'INSTITUTION ADMIN', unilag),
      await staff('wf.emeka', 'Emeka', 'INSTITUTION ADMIN', unilag),
    ];
    lbsApprover = await staff('wf.lbs.funmi', 'Funmi', 'INSTITUTION ADMIN', lbs);
    unilagReporter = await staff('wf.gbenga', 'Gbenga', 'INSTITUTION REPORT', unilag);
    inactiveApprover = await staff('wf.halima', 'Halima', 'INSTITUTION ADMIN', unilag, false);
    platformStaff = await staff('wf.ifeoma', 'Ifeoma', 'RIVET ADMIN', null);
  });
  afterAll(() => app?.close());

  const users = (...ids: string[]) => ids.map((userId) => ({ userId }));
  const body = (over: Record<string, unknown> = {}) => ({
    institutionId: unilag,
    name: 'Faculty review',
    levelNo: 1,
    courseCategoryId: categories[0],
    workflowLevels: [{ approval: 2, users: users(approvers[0]!, approvers[1]!) }] as Level[],
    ...over,
  });
  const create = (who: Browser, json: unknown) => who.call(`${WF}/Create`, { json });
  const update = (who: Browser, json: unknown) => who.call(`${WF}/Update`, { method: 'PUT', json });
  const deactivate = (who: Browser, id: number) => who.call(`${WF}/Deactivate?id=${id}`, { method: 'POST' });
  const activate = (who: Browser, id: number) => who.call(`${WF}/Activate?id=${id}`, { method: 'POST' });
  const search = (who: Browser, id: number) => who.call(`${WF}/Search?id=${id}`);
  const list = (who: Browser, institutionId: number) => who.call(`${WF}/GetWorkflowByInstitutionId?institutionId=${institutionId}`);
  const auditOf = (id: number) =>
    app.database.db
      .select()
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.moduleName, 'Workflow'), eq(t.auditTrail.record, String(id))));

  it('answers every §5 rule with its message, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, M.name],
      [{ name: undefined }, M.name],
      [{ courseCategoryId: undefined }, M.category],
      [{ workflowLevels: [{ users: users(approvers[0]!) }] }, M.checkFor],
      [{ workflowLevels: [{ approval: 1, users: [] }] }, M.users],
      [{ workflowLevels: [{ approval: 1, users: [{ userId: '' }] }] }, M.selectUser],
      [{ workflowLevels: [] }, M.levels],
      [{ workflowLevels: [{ approval: 3, users: users(approvers[0]!, approvers[1]!) }] }, M.approvalsOverAdded],
      // Repeated users count once: two distinct users cannot give three approvals.
      [{ workflowLevels: [{ approval: 3, users: users(approvers[0]!, approvers[1]!, approvers[0]!) }] }, M.approvalsOverAdded],
      [{ workflowLevels: [{ approval: 5, users: users(...approvers) }] }, 'Number of approvals must be a whole number from 1 to 4'],
      [{ levelNo: 2 }, M.levelNoMismatch],
      [
        {
          levelNo: 2,
          workflowLevels: [
            { approval: 1, users: users(approvers[0]!) },
            { approval: 1, users: users(approvers[0]!, approvers[1]!) },
          ],
        },
        M.approverInTwoLevels,
      ],
    ];
    for (const [over, message] of cases) {
      const res = await create(unilagAdmin, body(over));
      expect(res.status, message).toBe(400);
      expect(res.body.description, JSON.stringify(over)).toBe(message);
    }
    expect((await create(unilagAdmin, body({ courseCategoryId: 999_999 }))).body.description).toBe(M.categoryNotFound);
    expect(await app.database.db.select().from(t.approvalWorkflows).where(eq(t.approvalWorkflows.institutionId, unilag))).toEqual([]);
  });

  it('names only the partner’s own active staff who may approve courses', async () => {
    for (const outsider of [lbsApprover, unilagReporter, inactiveApprover, platformStaff, '00000000-0000-4000-8000-000000000000']) {
      const res = await create(unilagAdmin, body({ workflowLevels: [{ approval: 1, users: users(approvers[0]!, outsider) }] }));
      expect(res.status).toBe(400);
      expect(res.body.description).toBe(M.approverNotEligible);
    }
    const offered = await unilagAdmin.call(`${WF}/Approvers?institutionId=${unilag}`);
    expect(offered.status).toBe(200);
    const ids = offered.body.data.map((a: { userId: string }) => a.userId);
    expect(ids).toEqual(expect.arrayContaining(approvers));
    for (const outsider of [lbsApprover, unilagReporter, inactiveApprover, platformStaff]) expect(ids).not.toContain(outsider);
    const searched = await unilagAdmin.call(`${WF}/Approvers?institutionId=${unilag}&search=chid`);
    expect(searched.body.data).toEqual([expect.objectContaining({ userId: approvers[2], name: 'Chidi Approver', email: 'wf.chidi@staff.demo.ng' })]);
    expect((await unilagAdmin.call(`${WF}/Approvers?institutionId=${lbs}`)).status).toBe(403);
    expect((await superAdmin.call(`${WF}/Approvers?institutionId=${lbs}`)).body.data.map((a: { userId: string }) => a.userId)).toContain(lbsApprover);
  });

  let first: number;

  it('creates a workflow with its levels (duplicates ignored) and an audit row; reads it back', async () => {
    const made = await create(
      unilagAdmin,
      body({
        levelNo: 2,
        workflowLevels: [
          { approval: 2, users: users(approvers[1]!, approvers[0]!, approvers[1]!) },
          { approval: 1, users: users(approvers[2]!) },
        ],
      }),
    );
    expect(made.status, made.body.description).toBe(200);
    expect(made.body.description).toBe(M.created);
    expect(made.body.data).toMatchObject({
      institutionId: unilag,
      name: 'Faculty review',
      levelNo: 2,
      courseCategoryId: categories[0],
      noOfApprovals: 3,
      isActive: true,
      workflowLevels: [
        {
          levelNo: 1,
          approval: 2,
          users: [
            { userId: approvers[0], name: 'Ada Approver' },
            { userId: approvers[1], name: 'Bayo Approver' },
          ],
        },
        { levelNo: 2, approval: 1, users: [{ userId: approvers[2], name: 'Chidi Approver' }] },
      ],
    });
    expect(typeof made.body.data.courseCategoryName).toBe('string');
    first = made.body.data.id;
    expect((await auditOf(first)).map((a) => [a.moduleAction, a.userId])).toEqual([['Create', unilagAdmin.userId]]);
    expect((await search(unilagAdmin, first)).body.data).toEqual(made.body.data);
    expect((await list(unilagAdmin, unilag)).body.data.map((w: { id: number }) => w.id)).toEqual([first]);
    expect((await search(superAdmin, first)).status).toBe(200);
    expect((await search(unilagReport, first)).status).toBe(403); // no workflow permission
  });

  it('keeps one active workflow per partner and category (409), whoever saves it', async () => {
    const again = await create(superAdmin, body({ name: 'Second try' }));
    expect(again.status).toBe(409);
    const category = (await search(unilagAdmin, first)).body.data.courseCategoryName;
    expect(again.body.description).toBe(M.activeExists(category));
    // Another category, or another partner, is a different workflow.
    expect((await create(unilagAdmin, body({ name: 'Second category', courseCategoryId: categories[1] }))).status).toBe(200);
    expect((await create(lbsAdmin, body({ institutionId: lbs, workflowLevels: [{ approval: 1, users: users(lbsApprover) }] }))).status).toBe(200);
  });

  it('two creates at once for one category: one is made, the other answers 409', async () => {
    const both = await Promise.all([1, 2].map((n) => create(unilagAdmin, body({ name: `Race ${n}`, courseCategoryId: categories[2], workflowLevels: [{ approval: 1, users: users(approvers[3]!) }] }))));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await app.database.db
      .select()
      .from(t.approvalWorkflows)
      .where(and(eq(t.approvalWorkflows.courseCategoryId, categories[2]!), eq(t.approvalWorkflows.institutionId, unilag)));
    expect(rows).toHaveLength(1);
  });

  it('updates an active workflow: name, category and levels, with an audit row', async () => {
    const res = await update(
      unilagAdmin,
      body({ id: first, name: 'Senate review', levelNo: 1, workflowLevels: [{ approval: 1, users: users(approvers[4]!, approvers[4]!) }] }),
    );
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.description).toBe(M.updated);
    expect(res.body.data).toMatchObject({ id: first, name: 'Senate review', levelNo: 1, noOfApprovals: 1, workflowLevels: [{ levelNo: 1, approval: 1, users: [{ userId: approvers[4] }] }] });
    expect((await auditOf(first)).map((a) => a.moduleAction)).toEqual(['Create', 'Update']);
    expect(await app.database.db.select().from(t.workflowLevels).where(eq(t.workflowLevels.workflowId, first))).toHaveLength(1);
    // The same rules as Create.
    const over = await update(unilagAdmin, body({ id: first, workflowLevels: [{ approval: 4, users: users(approvers[4]!) }] }));
    expect(over.body.description).toBe(M.approvalsOverAdded);
    const moved = await update(superAdmin, body({ id: first, institutionId: lbs, workflowLevels: [{ approval: 1, users: users(lbsApprover) }] }));
    expect(moved.body.description).toBe(M.otherPartner);
    // Moving onto a category that already has an active workflow.
    const clash = await update(unilagAdmin, body({ id: first, courseCategoryId: categories[1] }));
    expect(clash.status).toBe(409);
    expect((await update(unilagAdmin, body({ id: 999_999 }))).status).toBe(404);
  });

  it('keeps a partner’s staff to their own partner’s workflows (403), and changes nothing', async () => {
    const lbsWorkflow = (await list(superAdmin, lbs)).body.data[0] as { id: number; name: string };
    expect((await list(unilagAdmin, lbs)).status).toBe(403);
    expect((await search(unilagAdmin, lbsWorkflow.id)).status).toBe(403);
    expect((await update(unilagAdmin, body({ id: lbsWorkflow.id, institutionId: lbs, name: 'Taken over', workflowLevels: [{ approval: 1, users: users(lbsApprover) }] }))).status).toBe(403);
    expect((await update(unilagAdmin, body({ id: lbsWorkflow.id, name: 'Taken over' }))).status).toBe(403);
    expect((await deactivate(unilagAdmin, lbsWorkflow.id)).status).toBe(403);
    expect((await create(unilagAdmin, body({ institutionId: lbs, courseCategoryId: categories[1], workflowLevels: [{ approval: 1, users: users(lbsApprover) }] }))).status).toBe(403);
    expect((await search(superAdmin, lbsWorkflow.id)).body.data).toMatchObject({ name: lbsWorkflow.name, isActive: true });
    const partners = await unilagAdmin.call(`${WF}/Partners`);
    expect(partners.body.data.items.map((p: { id: number }) => p.id)).toEqual([unilag]);
    expect((await unilagAdmin.call(`${WF}/Partners?Id=${lbs}`)).status).toBe(403);
    const all = await superAdmin.call(`${WF}/Partners`);
    expect(all.body.data.items.find((p: { id: number }) => p.id === unilag)).toMatchObject({ activeWorkflows: 3 });
  });

  it('deactivates an active workflow only; then a new one may take its category', async () => {
    const off = await deactivate(unilagAdmin, first);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ description: M.deactivated, data: { id: first, isActive: false } });
    expect((await auditOf(first)).map((a) => a.moduleAction)).toEqual(['Create', 'Update', 'Deactivate']);
    const again = await deactivate(unilagAdmin, first);
    expect(again.status).toBe(409);
    expect(again.body.description).toBe(M.notActive);
    const edit = await update(unilagAdmin, body({ id: first, name: 'Too late' }));
    expect(edit.status).toBe(409);
    expect(edit.body.description).toBe(M.notActive);
    expect((await search(unilagAdmin, first)).body.data.name).toBe('Senate review');
    expect((await deactivate(unilagAdmin, 999_999)).status).toBe(404);
    expect((await create(unilagAdmin, body({ name: 'Faculty review, again' }))).status).toBe(200);
    // Active first, then the newest.
    const listed = (await list(unilagAdmin, unilag)).body.data as { id: number; isActive: boolean }[];
    expect(listed.at(-1)).toMatchObject({ id: first, isActive: false });
    expect(listed.filter((w) => w.isActive)).toHaveLength(3);
  });

  it('activates a deactivated workflow again once its category is free, audited; never another partner’s, nor with a stale approver or a stranded course', async () => {
    const db = app.database.db;
    const [category] = await db.insert(t.courseCategories).values({ name: 'Second Chance', code: 'SECOND-CHANCE' }).returning({ id: t.courseCategories.id });
    const two = {
      name: 'Comeback',
      courseCategoryId: category!.id,
      levelNo: 2,
      workflowLevels: [
        { approval: 1, users: users(approvers[2]!) },
        { approval: 1, users: users(approvers[3]!) },
      ],
    };
    const id = (await create(unilagAdmin, body(two))).body.data.id as number;
    const active = await activate(unilagAdmin, id);
    expect([active.status, active.body.description]).toEqual([409, M.notInactive]);
    expect((await deactivate(unilagAdmin, id)).status).toBe(200);

    // Another workflow took the category meanwhile: refused until that one goes.
    const other = (await create(unilagAdmin, body({ name: 'Stand-in', courseCategoryId: category!.id, workflowLevels: [{ approval: 1, users: users(approvers[4]!) }] }))).body.data.id as number;
    const taken = await activate(unilagAdmin, id);
    expect([taken.status, taken.body.description]).toEqual([409, M.activeExists('Second Chance')]);
    expect((await deactivate(unilagAdmin, other)).status).toBe(200);

    // Another partner's staff reach nothing; those without manageworkflow neither.
    expect((await activate(lbsAdmin, id)).status).toBe(403);
    expect((await activate(unilagReport, id)).status).toBe(403);
    expect((await activate(unilagAdmin, 999_999)).status).toBe(404);
    expect((await search(unilagAdmin, id)).body.data.isActive).toBe(false);

    // A course left at level 3 while the workflow was off would find no level: refused.
    const course = await insertCourse(db, { institutionId: unilag, courseCategoryId: category!.id, title: 'Stuck At Three', draft: false, approvalStatus: 1, reviewLevel: 2, publishDate: null });
    const stranded = await activate(unilagAdmin, id);
    expect([stranded.status, stranded.body.description]).toEqual([409, M.levelInUse(1, 3)]);
    await db.update(t.courses).set({ reviewLevel: 1 }).where(eq(t.courses.id, course.id));

    const on = await activate(unilagAdmin, id);
    expect(on.status, on.body.description).toBe(200);
    expect(on.body).toMatchObject({ description: M.activated, data: { id, isActive: true, levelNo: 2 } });
    expect((await auditOf(id)).map((a) => a.moduleAction)).toEqual(['Create', 'Deactivate', 'Activate']);
    // Platform staff may, for any partner; an approver who can no longer approve keeps it off.
    expect((await deactivate(superAdmin, id)).status).toBe(200);
    await db.update(t.users).set({ isActive: false }).where(eq(t.users.id, approvers[3]!));
    const stale = await activate(superAdmin, id);
    expect([stale.status, stale.body.description]).toEqual([409, M.staleApprovers]);
    await db.update(t.users).set({ isActive: true }).where(eq(t.users.id, approvers[3]!));
    expect((await activate(superAdmin, id)).status).toBe(200);
  });

  it('activates once when asked twice at once', async () => {
    const [category] = await app.database.db.insert(t.courseCategories).values({ name: 'Twice Room', code: 'TWICE-ROOM' }).returning({ id: t.courseCategories.id });
    const id = (await create(unilagAdmin, body({ name: 'Twice', courseCategoryId: category!.id, workflowLevels: [{ approval: 1, users: users(approvers[0]!) }] }))).body.data.id as number;
    await deactivate(unilagAdmin, id);
    const answers = await Promise.all([activate(unilagAdmin, id), activate(unilagAdmin, id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await auditOf(id)).filter((a) => a.moduleAction === 'Activate')).toHaveLength(1);
  });

  it('keeps a level a course is waiting at: an update that removes it is refused (409)', async () => {
    const [category] = await app.database.db.insert(t.courseCategories).values({ name: 'Waiting Room', code: 'WAITING-ROOM' }).returning({ id: t.courseCategories.id });
    const categoryId = category!.id;
    const two = {
      name: 'Two levels',
      courseCategoryId: categoryId,
      levelNo: 2,
      workflowLevels: [
        { approval: 1, users: users(approvers[0]!) },
        { approval: 1, users: users(approvers[1]!) },
      ],
    };
    const made = await create(unilagAdmin, body(two));
    expect(made.status, made.body.description).toBe(200);
    const id = made.body.data.id as number;
    const course = await insertCourse(app.database.db, { institutionId: unilag, courseCategoryId: categoryId, title: 'Waiting At Level Two', draft: false, approvalStatus: 1, reviewLevel: 1, publishDate: null });
    const one = body({ id, name: 'One level', courseCategoryId: categoryId, workflowLevels: [{ approval: 1, users: users(approvers[0]!) }] });
    const refused = await update(unilagAdmin, one);
    expect(refused.status).toBe(409);
    expect(refused.body.description).toBe(M.levelInUse(1, 2));
    expect((await search(unilagAdmin, id)).body.data.levelNo).toBe(2);
    // Keeping the level, or once the course has moved on to QA, the change is made.
    expect((await update(unilagAdmin, body({ id, ...two, name: 'Two levels, renamed' }))).status).toBe(200);
    await app.database.db.update(t.courses).set({ approvalStatus: 4, reviewLevel: 0 }).where(eq(t.courses.id, course.id));
    expect((await update(unilagAdmin, one)).status).toBe(200);
  });

  it('says when a named user can no longer approve (deactivated), and refuses to keep them', async () => {
    const db = app.database.db;
    const [jide] = await db
      .insert(t.users)
      .values({ userName: 'wf.jide', email: 'wf.jide@staff.demo.ng', firstName: 'Jide', lastName: 'Approver', passwordHash: 'x', roleId: roleIdOf('INSTITUTION ADMIN'), institutionId: unilag })
      .returning({ id: t.users.id });
    const [category] = await db.insert(t.courseCategories).values({ name: 'Stale Room', code: 'STALE-ROOM' }).returning({ id: t.courseCategories.id });
    const input = body({ name: 'Stale', courseCategoryId: category!.id, workflowLevels: [{ approval: 1, users: users(approvers[0]!, jide!.id) }] });
    const made = await create(unilagAdmin, input);
    expect(made.body.data.workflowLevels[0].users.map((u: { canApprove: boolean }) => u.canApprove)).toEqual([true, true]);
    await db.update(t.users).set({ isActive: false }).where(eq(t.users.id, jide!.id));
    const read = await search(unilagAdmin, made.body.data.id);
    expect(read.body.data.workflowLevels[0].users).toEqual([
      { userId: approvers[0], name: 'Ada Approver', canApprove: true },
      { userId: jide!.id, name: 'Jide Approver', canApprove: false },
    ]);
    const kept = await update(unilagAdmin, { id: made.body.data.id, ...input });
    expect(kept.status).toBe(400);
    expect(kept.body.description).toBe(M.approverNotEligible);
  });
});
