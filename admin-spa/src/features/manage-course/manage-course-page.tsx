// Manage Courses (spec 002 §2.9; spec 001 §2.8's card grid; decision 045): a banner with Create
// New Course, the Draft Courses list (draft true) and the Published Courses grid (draft false).
// Continue on a draft opens it in the wizard; Explore opens the admin course detail. See All
// Programs (§2.9) narrows the published grid to programs, a partner's featured courses (decision
// 006), kept in the address (?programs) so Back and reload keep it; See All Courses undoes it.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ManageCourseCard } from '@rivet/shared/api/manage-course';
import { cardButtonLabel, formatDuration, snippet, truncateTitle } from '@rivet/shared/domain/course-card';
import { formatNaira } from '@rivet/shared/domain/money';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { TextField } from '@rivet/shared/ui/text-field';
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
        {(page) => (
          <>
            <ul className={draft ? 'mc-list' : 'mc-grid'} aria-label={title}>
              {page.items.map((course) => (
                <li key={course.courseId}>
                  <ManageCard course={course} />
                </li>
              ))}
            </ul>
            {page.totalRows > page.items.length ? (
              <p className="mc-empty">
                Showing the newest {page.items.length} of {page.totalRows}: search by title to find the others.
              </p>
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}

const STATUS: Record<number, string> = { 1: 'Awaiting approval', 2: 'Published', 3: 'Rejected', 4: 'Awaiting QA' };

/** What the card's badge says: a draft is a draft; otherwise its review stage, or Deactivated. */
export function courseStatus(course: Pick<ManageCourseCard, 'draft' | 'approvalStatus' | 'isActive' | 'publishDate'>, now = new Date()): string {
  if (course.draft) return 'Draft';
  if (!course.isActive) return 'Deactivated';
  // Approved with a publish date still ahead: learners see it from that day.
  if (course.approvalStatus === 2 && course.publishDate && new Date(course.publishDate) > now) return 'Scheduled';
  return STATUS[course.approvalStatus] ?? 'Submitted';
}

export function ManageCard({ course }: { course: ManageCourseCard }) {
  const title = truncateTitle(course.title);
  // §2.8: Explore on the manage-course page, Continue for a draft.
  const label = course.draft ? cardButtonLabel({ context: 'admin', draft: true }) : cardButtonLabel({ context: 'manage' });
  const status = courseStatus(course);
  return (
    <article className={`mc-card${course.draft ? ' mc-card--draft' : ''}`} aria-labelledby={`mc-card-${course.courseId}`}>
      <div className="mc-card__media">{course.courseThumbNailUrl ? <img src={course.courseThumbNailUrl} alt="" loading="lazy" /> : <span aria-hidden="true">{course.title.slice(0, 1)}</span>}</div>
      <div className="mc-card__body">
        <p className="mc-card__meta">
          <span className={`mc-badge mc-badge--${status.toLowerCase().replace(/\s+/g, '-')}`}>{status}</span>
          <span>{course.institution}</span>
        </p>
        <h3 id={`mc-card-${course.courseId}`} className="mc-card__title" title={title.truncated ? course.title : undefined} aria-label={title.truncated ? course.title : undefined}>
          {title.text}
        </h3>
        <p className="mc-card__description">{snippet(course.description) || 'No description yet.'}</p>
        <dl className="mc-card__facts">
          <div>
            <dt>Modules</dt>
            <dd>{course.modules}</dd>
          </div>
          <div>
            <dt>Duration</dt>
            <dd>{formatDuration(course.duration)}</dd>
          </div>
          <div>
            <dt>Level</dt>
            <dd>{course.courseLevelName || '—'}</dd>
          </div>
        </dl>
        <div className="mc-card__footer">
          <span className="mc-card__price">{course.isPaid ? formatNaira(course.coursePrice) : 'Free'}</span>
          <ButtonLink size="sm" variant={course.draft ? 'primary' : 'secondary'} href={course.draft ? continueDraftPath(course.courseId) : exploreCoursePath(course.courseId)} aria-label={`${label}: ${course.title}`}>
            {label}
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}
