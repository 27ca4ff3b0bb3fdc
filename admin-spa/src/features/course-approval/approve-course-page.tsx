// Approve course (spec 001 §2.8, §4, §6, §9; decision 043): Pending, Approved and Rejected
// courses as cards, filtered by title, date range and category once Search is pressed. "Review
// Course" opens the course wizard in review mode on this same address (?courseReview=true, §2),
// with Approve and Reject at its end (approval-actions.tsx); src/app/approve-course-route.tsx
// composes the two, since features do not import each other.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { dateRangeProblem, type ApprovalCourse } from '@rivet/shared/api/course-approval';
import { cardButtonLabel, snippet } from '@rivet/shared/domain/course-card';
import { formatNaira } from '@rivet/shared/domain/money';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { Select } from '@rivet/shared/ui/select';
import { TextField } from '@rivet/shared/ui/text-field';
import { CourseCardFacts, CourseCardGrid, CourseCardMedia, CourseCardTitle } from '../../components/course-card';
import { useUpdateSearchParams } from '../../components/use-update-search-params';
import { paths } from '../../paths';
import { FormulaRepickNotice, RepickButton } from './formula-repick';
import { APPROVAL_TABS, NO_FILTERS, isQaReviewer, useApprovalList, useCategoryOptions, type ApprovalFilters, type ApprovalTab } from './use-approval';
import '../../components/console-page.css';
import './approve-course.css';

export const approveTitle = (qa: boolean) => (qa ? 'QA Approve course' : 'Approve course');
export const reviewFromApprovalPath = (courseId: number) => `${paths.approveCourse}?courseReview=true&courseId=${courseId}`;

export function ApproveCoursePage() {
  const profile = useProfile();
  const qa = isQaReviewer(profile.permissions);
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const tab = (APPROVAL_TABS.find((t) => t.id === params.get('tab'))?.id ?? 'pending') as ApprovalTab;
  const [filters, setFilters] = useState<ApprovalFilters>(NO_FILTERS);
  const title = approveTitle(qa);
  return (
    <div className="ca-page">
      <header className="ca-page__header">
        <h1 className="ca-page__title">{title}</h1>
        <p className="ca-page__lead">{qa ? 'Courses their partners have approved wait here for quality review: approve them with a revenue formula to publish them, or reject them with a comment.' : 'Courses your partner’s authors have submitted wait here for your review.'}</p>
      </header>
      <FormulaRepickNotice />
      <ApprovalFilterBar onSearch={setFilters} />
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => updateParams((next) => next.set('tab', String(key)), { replace: true })}
      >
        <TabList aria-label="Courses by review outcome" className="console-tabs__list">
          {APPROVAL_TABS.map((t) => (
            <Tab key={t.id} id={t.id} className="console-tabs__tab">
              {t.label}
            </Tab>
          ))}
        </TabList>
        {APPROVAL_TABS.map((t) => (
          <TabPanel key={t.id} id={t.id} className="console-tabs__panel">
            <CourseGrid tab={t.id} filters={filters} qa={qa} />
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}

function ApprovalFilterBar({ onSearch }: { onSearch: (filters: ApprovalFilters) => void }) {
  const categories = useCategoryOptions();
  const [draft, setDraft] = useState<ApprovalFilters>(NO_FILTERS);
  const problem = dateRangeProblem(draft.startDate, draft.endDate);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!problem) onSearch({ ...draft, search: draft.search.trim() });
  };
  const categoryItems = [{ id: '', label: 'All categories' }, ...(categories.data?.items ?? []).map((c) => ({ id: String(c.id), label: c.name }))];
  return (
    <form className="ca-filters" onSubmit={submit} role="search" aria-label="Filter courses">
      <TextField label="Search" placeholder="Course title" value={draft.search} onChange={(search) => setDraft((d) => ({ ...d, search }))} maxLength={200} className="ca-filters__search" />
      <TextField label="Start date" type="date" value={draft.startDate} onChange={(startDate) => setDraft((d) => ({ ...d, startDate }))} />
      <TextField label="End date" type="date" value={draft.endDate} onChange={(endDate) => setDraft((d) => ({ ...d, endDate }))} errorMessage={problem ?? undefined} />
      <Select label="Course category" items={categoryItems} value={draft.categoryId ?? ''} onChange={(id) => setDraft((d) => ({ ...d, categoryId: id || null }))} />
      <Button type="submit" className="ca-filters__submit" isDisabled={!!problem}>
        Search
      </Button>
    </form>
  );
}

const EMPTY: Record<ApprovalTab, string> = {
  pending: 'No course is waiting for your review.',
  approved: 'No approved course matches.',
  rejected: 'No rejected course matches.',
};

function CourseGrid({ tab, filters, qa }: { tab: ApprovalTab; filters: ApprovalFilters; qa: boolean }) {
  const list = useApprovalList(tab, filters, qa);
  return (
    <QueryState query={list} loadingText="Fetching courses..." isEmpty={(page) => page.items.length === 0} empty={<p className="ca-empty">{EMPTY[tab]}</p>}>
      {(page) => (
        <CourseCardGrid label={APPROVAL_TABS.find((t) => t.id === tab)!.label}>
          {page.items.map((course) => (
            <li key={course.courseId}>
              <ApprovalCard course={course} tab={tab} />
            </li>
          ))}
        </CourseCardGrid>
      )}
    </QueryState>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' });
const showDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '—');

export function ApprovalCard({ course, tab }: { course: ApprovalCourse; tab: ApprovalTab }) {
  // §2.8's label: Review Course on the pending tab (review mode), View Course where a price shows.
  const label = tab === 'pending' ? cardButtonLabel({ context: 'review' }) : cardButtonLabel({ context: 'admin', showPrice: true });
  return (
    <article className="cc-card" aria-labelledby={`ca-card-${course.courseId}`}>
      <CourseCardMedia url={course.courseThumbNailUrl} title={course.title} />
      <div className="cc-card__body">
        <p className="cc-card__meta">
          <span>#{course.courseId}</span>
          {course.revisionOfCourseId ? (
            // A revision of a published course (decision 048): learners keep the published one meanwhile.
            <span className="cc-badge cc-badge--info" title={`An update of published course #${course.revisionOfCourseId}`}>
              Update of #{course.revisionOfCourseId}
            </span>
          ) : null}
          {course.revenueRepickFrom ? (
            // Decision 076: its formula did not name its partner and came off it; QA re-picks one.
            <span className="cc-badge ca-card__formula" title={`Approved with “${course.revenueRepickFrom.name}”, which does not name ${course.institution}`}>
              Formula needed
            </span>
          ) : null}
          <span className="ca-card__category">{course.courseCategoryName}</span>
        </p>
        <CourseCardTitle id={`ca-card-${course.courseId}`} title={course.title} level={2} />
        <p className="ca-card__institution">{course.institution}</p>
        <p className="cc-card__description">{snippet(course.description)}</p>
        <CourseCardFacts
          modules={course.modules}
          minutes={course.duration}
          level={course.courseLevelName}
          more={[{ term: tab === 'approved' ? 'Published' : 'Submitted', value: showDate(tab === 'approved' ? course.publishDate : course.submittedAt) }]}
        />
        {course.comment ? (
          <p className="ca-card__comment">
            <strong>Reviewer’s comment:</strong> {course.comment}
          </p>
        ) : null}
        <div className="cc-card__footer">
          <span className="cc-card__price">{course.isPaid ? formatNaira(course.coursePrice) : 'Free'}</span>
          {tab === 'pending' && !course.canReview ? <span className="ca-card__note">{course.cannotReviewReason ?? 'Waiting for another reviewer'}</span> : null}
          {course.revenueRepickFrom ? <RepickButton courseId={course.courseId} title={course.title} formerFormula={course.revenueRepickFrom.name} /> : null}
          <ButtonLink size="sm" variant={tab === 'pending' ? 'primary' : 'secondary'} href={reviewFromApprovalPath(course.courseId)} aria-label={`${label}: ${course.title}`}>
            {label}
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}
