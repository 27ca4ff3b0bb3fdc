// Assign (spec 001 §2.9): the courses a survey is given to, searchable and paged (10 a page), each
// with a remove icon; Add Course opens the courses without a survey to pick from (Assign stays
// disabled until one is picked, §5); Cancel goes back to the list.
import { useDeferredValue, useState } from 'react';
import { SURVEY_COURSES_PAGE_SIZE, type SurveyCourse } from '@rivet/shared/api/manage-survey';
import { errorMessage } from '@rivet/shared/client/errors';
import { Button } from '@rivet/shared/ui/button';
import { Checkbox } from '@rivet/shared/ui/checkbox';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { Modal } from '@rivet/shared/ui/modal';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { SearchField } from '@rivet/shared/ui/search-field';
import { toast } from '@rivet/shared/ui/toast';
import { useAssignedCourses, useCoursesWithoutSurvey, useSurveyCalls, useSurveyDetails } from './use-manage-survey';
import '../../components/console-page.css';

const STATUS: Record<number, string> = { 1: 'Pending review', 2: 'Published', 3: 'Rejected', 4: 'Pending QA' };
export const courseStatus = (c: SurveyCourse) => (c.draft ? 'Draft' : (STATUS[c.approvalStatus] ?? 'Submitted'));

export function SurveyAssign({ surveyId, onDone }: { surveyId: number; onDone: () => void }) {
  const survey = useSurveyDetails(surveyId);
  const calls = useSurveyCalls();
  const [searchInput, setSearchInput] = useState('');
  const search = useDeferredValue(searchInput.trim());
  const [page, setPage] = useState(1);
  const courses = useAssignedCourses(surveyId, page, search);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const pages = Math.max(1, Math.ceil((courses.data?.totalRows ?? 0) / SURVEY_COURSES_PAGE_SIZE));

  async function remove(course: SurveyCourse) {
    setRemoving(course.courseId);
    try {
      const res = await calls.unassign(course.courseId);
      toast.success(res.description);
      await courses.refetch();
    } catch (error) {
      toast.error('Failed to remove the course', errorMessage(error));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div className="console-page">
      <header className="console-page__header">
        <div>
          <h1 className="console-page__title">Assign survey</h1>
          <p className="console-page__lead">{survey.data ? `Courses whose learners answer “${survey.data.title}” when they finish.` : '\u00a0'}</p>
        </div>
        <div className="ms__header-actions">
          <Button variant="secondary" onPress={onDone}>
            Cancel
          </Button>
          <Button onPress={() => setAdding(true)}>Add Course</Button>
        </div>
      </header>
      <SearchField
        label="Search assigned courses"
        hideLabel
        placeholder="Search"
        value={searchInput}
        onChange={(text) => {
          setSearchInput(text);
          setPage(1);
        }}
        className="ms__search"
      />
      {courses.error && !courses.data ? (
        <ScreenState kind="error" error={courses.error} onRetry={() => void courses.refetch()} />
      ) : !courses.data ? (
        <ScreenState kind="loading" label="Loading courses" />
      ) : courses.data.items.length === 0 ? (
        <div className="ms__empty">
          <p>{search ? `No assigned course matches “${search}”.` : 'No course has this survey yet.'}</p>
        </div>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table ms-table" aria-label="Assigned courses">
            <thead>
              <tr>
                <th scope="col">S/N</th>
                <th scope="col">Course</th>
                <th scope="col">Partner</th>
                <th scope="col">Status</th>
                <th scope="col" className="ms-table__action">
                  Remove
                </th>
              </tr>
            </thead>
            <tbody>
              {courses.data.items.map((c, i) => (
                <tr key={c.courseId}>
                  <td>{(page - 1) * SURVEY_COURSES_PAGE_SIZE + i + 1}</td>
                  <th scope="row" className="ms-table__title">
                    {c.title}
                  </th>
                  <td>{c.institution}</td>
                  <td>{courseStatus(c)}</td>
                  <td className="ms-table__action">
                    <IconButton aria-label={`Remove ${c.title} from this survey`} onPress={() => void remove(c)} isDisabled={removing !== null}>
                      <CancelIcon />
                    </IconButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav className="ms__pager" aria-label="Pages">
          <Button variant="secondary" size="sm" onPress={() => setPage((p) => p - 1)} isDisabled={page <= 1}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" onPress={() => setPage((p) => p + 1)} isDisabled={page >= pages}>
            Next
          </Button>
        </nav>
      ) : null}
      {adding ? (
        <AddCourseDialog
          surveyId={surveyId}
          onClose={() => setAdding(false)}
          onAssigned={() => {
            setAdding(false);
            void courses.refetch();
          }}
        />
      ) : null}
    </div>
  );
}

function AddCourseDialog({ surveyId, onClose, onAssigned }: { surveyId: number; onClose: () => void; onAssigned: () => void }) {
  const calls = useSurveyCalls();
  const [searchInput, setSearchInput] = useState('');
  const search = useDeferredValue(searchInput.trim());
  const candidates = useCoursesWithoutSurvey(search, true);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [saving, setSaving] = useState(false);

  async function assign() {
    setSaving(true);
    try {
      const res = await calls.assign(surveyId, [...picked]);
      toast.success(res.description);
      onAssigned();
    } catch (error) {
      toast.error('Failed to assign the courses', errorMessage(error));
      setSaving(false);
    }
  }

  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      isDismissable={!saving}
      size="md"
      title="Add Course"
      footer={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            Cancel
          </Button>
          <Button onPress={() => void assign()} isDisabled={picked.size === 0} isPending={saving}>
            Assign
          </Button>
        </>
      }
    >
      <p className="console-page__lead">Courses without a survey. Assigning turns their End of course Survey on.</p>
      <SearchField label="Search courses" hideLabel placeholder="Search courses" value={searchInput} onChange={setSearchInput} className="ms__search" />
      {candidates.error && !candidates.data ? (
        <ScreenState kind="error" error={candidates.error} onRetry={() => void candidates.refetch()} />
      ) : !candidates.data ? (
        <ScreenState kind="loading" label="Loading courses" />
      ) : candidates.data.length === 0 ? (
        <p className="ms__empty-text">{search ? `No course without a survey matches “${search}”.` : 'Every course has a survey.'}</p>
      ) : (
        <ul className="ms-pick" aria-label="Courses without a survey">
          {candidates.data.map((c) => (
            <li key={c.courseId}>
              <Checkbox
                isSelected={picked.has(c.courseId)}
                onChange={(on) =>
                  setPicked((s) => {
                    const next = new Set(s);
                    if (on) next.add(c.courseId);
                    else next.delete(c.courseId);
                    return next;
                  })
                }
              >
                <span className="ms-pick__title">{c.title}</span> <span className="ms-pick__meta">{c.institution} · {courseStatus(c)}</span>
              </Checkbox>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

function CancelIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </svg>
  );
}
