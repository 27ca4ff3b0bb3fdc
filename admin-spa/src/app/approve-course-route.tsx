// Approve course's address (spec 001 §2: menu key approveCourse, ?courseReview=true switches it to
// the review wizard): the approval lists, or the course wizard in review mode with Approve and
// Reject in its slot. Composed here because features do not import each other (decision 043).
import { useSearchParams } from 'react-router';
import { ApprovalActions, ApproveCoursePage } from '../features/course-approval';
import { CreateCoursePage } from '../features/course-wizard/create-course-page';
import type { ReviewActionsSlot } from '../features/course-wizard/course-review';
import { CourseMediaPickerProvider } from './course-media-picker';

// The wizard calls the slot as a function: it returns an element, so the actions' hooks live in
// their own component.
const approvalSlot: ReviewActionsSlot = ({ course }) => <ApprovalActions course={course} />;

export function ApproveCourseRoute() {
  const [params] = useSearchParams();
  if (params.get('courseReview') !== 'true') return <ApproveCoursePage />;
  return (
    <CourseMediaPickerProvider>
      <CreateCoursePage reviewActions={approvalSlot} />
    </CourseMediaPickerProvider>
  );
}
