// Enrolment as the course page sees it (spec: States — Enrolment). Signed out: sign in first,
// coming back here. Enrolled: proceed to the player where the learner stopped. Priced: checkout.
// Free: enrol directly.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { enrollInCourse, type CourseSummary } from '@rivet/shared/api/course';
import { ApiError, errorMessage } from '@rivet/shared/client/errors';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import { needsPayment } from '@rivet/shared/domain/course-card';
import { toast } from '@rivet/shared/ui/toast';
import { paths } from '../../paths';
import type { SignInState } from '../../sign-in-state';
import { enrolmentKey, useEnrolmentStatus } from '../../api/use-enrolment-status';
import { invalidateLearning } from '../../api/use-learning';

export type EnrolmentAction = 'sign-in' | 'checking' | 'proceed' | 'checkout' | 'enrol';

export function useEnrolment(course: Pick<CourseSummary, 'courseId' | 'title' | 'isPaid' | 'coursePrice'>) {
  const { profile } = useSession();
  const { api } = useSessionManager();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const userId = profile?.userId ?? null;
  const key = enrolmentKey(userId, course.courseId);
  const status = useEnrolmentStatus(course.courseId);

  const enrol = useMutation({
    mutationFn: async () => {
      const answer = await api.send(enrollInCourse, { body: { userId: userId!, courseId: course.courseId } });
      if (!answer.success) throw new ApiError('http', answer.description);
      return answer.data;
    },
    onSuccess: () => {
      queryClient.setQueryData(key, { enrolled: true, currentModule: null, currentSection: null });
      // The dashboard and my learnings now have one more course.
      void invalidateLearning(queryClient);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });

  const action: EnrolmentAction =
    userId === null ? 'sign-in' : status.isPending ? 'checking' : status.data?.enrolled ? 'proceed' : needsPayment(course) ? 'checkout' : 'enrol';

  const run = () => {
    switch (action) {
      case 'sign-in':
        // The sign-in panel says why it appeared and sends the learner back here (location.state.from → learnerDestination).
        void navigate({ pathname: paths.home, hash: 'sign-in' }, { state: { from: location.pathname + location.search, reason: 'enrol', courseTitle: course.title } satisfies SignInState });
        return;
      case 'proceed':
        // The player opens where the learner stopped (spec: /course/delivery with these): null tells
        // it to find the place in its copy of the course, which knows the sections opened since this
        // answer came, also those still waiting to be sent (the answer may be minutes old).
        void navigate(paths.deliveryFor(course.courseId), { state: { courseId: course.courseId, userId, currentModule: null, currentSection: null } });
        return;
      case 'checkout':
        void navigate(paths.checkoutFor(course.courseId), { state: { courseId: course.courseId } });
        return;
      case 'enrol':
        enrol.mutate();
        return;
      case 'checking':
        return;
    }
  };

  return {
    action,
    label: action === 'proceed' ? 'Proceed to Course' : 'Enrol',
    isPending: action === 'checking' || enrol.isPending,
    run,
  };
}
