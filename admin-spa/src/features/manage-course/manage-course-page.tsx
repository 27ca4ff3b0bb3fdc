// Manage Courses (spec 002 §2.9; spec 001 §2.8's card grid; decision 045): a banner with Create
// New Course, the Draft Courses list (draft true) and the Published Courses grid (draft false).
// Continue on a draft opens it in the wizard; Explore opens the admin course detail. See All
// Programs (§2.9) narrows the published grid to programs, a partner's featured courses (decision
// 006), kept in the address (?programs) so Back and reload keep it; See All Courses undoes it.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ManageCourseCard } from '@rivet/shared/api/manage-course';
import { cardButtonLabel, snippet } from '@rivet/shared/domain/course-card';
import { formatNaira } from '@rivet/shared/domain/money';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { TextField } from '@rivet/shared/ui/text-field';
import { CourseCardFacts, CourseCardGrid, CourseCardMedia, CourseCardTitle } from '../../components/course-card';
import { continueDraftPath, exploreCoursePath, paths } from '../../paths';
import { useManageCourses } from './use-manage-course';
import './manage-course.css';

export function ManageCoursePage() {
  const profile = useProfile();
  const [params] = useSearchParams();
  const programs = params.has('programs');
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(typed.trim());
  };
  return (
    <div className="mc-page">
      <section className="mc-banner" aria-labelledby="mc-title">
        <div>
          <h1 id="mc-title" className="mc-banner__title">
            Manage Courses
          </h1>
          <p className="mc-banner__lead">Continue your drafts, follow how published courses do, and take a course out of the catalogue or put it back.</p>
        </div>
        {hasAnyPermission(profile.permissions, 'createCourse') ? (
          <ButtonLink href={paths.createCourse} variant="primary">
            Create New Course
          </ButtonLink>
        ) : null}
      </section>
      <form className="mc-search" role="search" aria-label="Search courses" onSubmit={submit}>
        <TextField label="Search" placeholder="Course title" value={typed} onChange={setTyped} maxLength={200} className="mc-search__field" />
        <Button type="submit">Search</Button>
      </form>
      {programs ? null : <CourseSection draft search={search} title="Draft Courses" empty="No draft course." />}
      <CourseSection
        draft={false}
        programs={programs}
        search={search}
        title={programs ? 'Programs' : 'Published Courses'}
        empty={programs ? 'No program yet: a program is a course its partner features.' : 'No published course yet.'}
        link={
          <Link className="mc-section__link" to={programs ? '.' : '?programs'}>
            {programs ? 'See All Courses' : 'See All Programs'}
          </Link>
        }
      />
    </div>
  );
}

function CourseSection({ draft, programs = false, search, title, empty, link }: { draft: boolean; programs?: boolean; search: string; title: string; empty: string; link?: ReactNode }) {
  const list = useManageCourses(draft, search, programs);
  const id = draft ? 'mc-drafts' : 'mc-published';
  return (
    <section className="mc-section" aria-labelledby={id}>
      <div className="mc-section__header">
        <h2 id={id} className="mc-section__title">
          {title}
          {list.data ? <span className="mc-section__count"> ({list.data.totalRows})</span> : null}
        </h2>
        {link}
      </div>
      <QueryState query={list} loadingText="Fetching courses..." isEmpty={(page) => page.items.length === 0} empty={<p className="mc-empty">{empty}</p>}>
        {(page) => {
          const cards = page.items.map((course) => (
            <li key={course.courseId}>
              <ManageCard course={course} />
            </li>
          ));
          return (
          <>
            {draft ? (
              <ul className="mc-list" aria-label={title}>
                {cards}
              </ul>
            ) : (
              <CourseCardGrid label={title}>{cards}</CourseCardGrid>
            )}
            {page.totalRows > page.items.length ? (
              <p className="mc-empty">
                Showing the newest {page.items.length} of {page.totalRows}: search by title to find the others.
              </p>
            ) : null}
          </>
          );
        }}
      </QueryState>
    </section>
  );
}

// Spec 002 §4 calls a course waiting for review 'Awaiting Approval'; the badges use its capitals.
const STATUS: Record<number, string> = { 1: 'Awaiting Approval', 2: 'Published', 3: 'Rejected', 4: 'Awaiting QA' };

/**
 * What the card says about the course's open update (decision 059): waiting for review (no other
 * update may start, §4) or sent back to its author. One being written changes nothing yet.
 */
export function revisionBadge(revision: ManageCourseCard['revision']): { text: string; hint: string } | null {
  if (revision?.status === 'awaitingApproval') return { text: 'Update Awaiting Approval', hint: `Update #${revision.courseId} is being reviewed: learners see this version until it is approved.` };
  if (revision?.status === 'rejected') return { text: 'Update Rejected', hint: `Update #${revision.courseId} was sent back with a comment: open the course and choose Update to change it.` };
  return null;
}

/** The badge's colour for a status: a course out of the catalogue or sent back is a warning. */
export const statusTone = (status: string) => (status === 'Deactivated' || status === 'Rejected' ? ' cc-badge--danger' : '');

/** What the card's badge says: a draft is a draft; otherwise its review stage, or Deactivated. */
export function courseStatus(course: Pick<ManageCourseCard, 'draft' | 'approvalStatus' | 'isActive' | 'publishDate'>, now = new Date()): string {
  if (course.draft) return 'Draft';
  if (!course.isActive) return 'Deactivated';
  // Approved with a publish date still ahead: learners see it from that day.
  if (course.approvalStatus === 2 && course.publishDate && new Date(course.publishDate) > now) return 'Scheduled';
  return STATUS[course.approvalStatus] ?? 'Submitted';
}

export function ManageCard({ course }: { course: ManageCourseCard }) {
  // §2.8: Explore on the manage-course page, Continue for a draft.
  const label = course.draft ? cardButtonLabel({ context: 'admin', draft: true }) : cardButtonLabel({ context: 'manage' });
  return (
    <article className={`cc-card${course.draft ? ' mc-card--draft' : ''}`} aria-labelledby={`mc-card-${course.courseId}`}>
      <CourseCardMedia url={course.courseThumbNailUrl} title={course.title} />
      <div className="cc-card__body">
        <CourseBadges course={course} />
        <CourseCardTitle id={`mc-card-${course.courseId}`} title={course.title} level={3} />
        <p className="cc-card__description">{snippet(course.description) || 'No description yet.'}</p>
        <CourseCardFacts modules={course.modules} minutes={course.duration} level={course.courseLevelName} />
        <div className="cc-card__footer">
          <span className="cc-card__price">{course.isPaid ? formatNaira(course.coursePrice) : 'Free'}</span>
          <ButtonLink size="sm" variant={course.draft ? 'primary' : 'secondary'} href={course.draft ? continueDraftPath(course.courseId) : exploreCoursePath(course.courseId)} aria-label={`${label}: ${course.title}`}>
            {label}
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}

/** The status line of a card (and of the admin course detail): stage, update, and a last item (the partner). */
export function CourseBadges({ course, after = course.institution }: { course: Pick<ManageCourseCard, 'draft' | 'approvalStatus' | 'isActive' | 'publishDate' | 'revision' | 'institution'>; after?: string }) {
  const status = courseStatus(course);
  const update = revisionBadge(course.revision);
  return (
    <p className="cc-card__meta">
      <span className={`cc-badge${statusTone(status)}`}>{status}</span>
      {update ? (
        <span className={`cc-badge ${course.revision!.status === 'rejected' ? 'cc-badge--danger' : 'cc-badge--info'}`} title={update.hint}>
          {update.text}
          <span className="visually-hidden">: {update.hint}</span>
        </span>
      ) : null}
      <span className="mc-card__partner">{after}</span>
    </p>
  );
}
