// Opening a course from a dashboard card (spec: Course card — on the dashboard the card is idle,
// then loading while the course is fetched, then navigates; on failure loading stops and an error
// toast shows the message). The content lands in the player's own query cache entry, so the
// player opens on it without a second download.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { enrolledCourseDetails } from '@rivet/shared/api/learning';
import { errorMessage } from '@rivet/shared/client/errors';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import { toast } from '@rivet/shared/ui/toast';
import { learningKeys } from '../../api/use-learning';
import { isNetworkFailure, playerContentWithOfflineCopy } from '../../offline/offline-copy';
import { paths } from '../../paths';

export const NOT_ON_PHONE = 'This course is not on this phone yet. Download it when you’re back online to study it offline.';

/** Resume/View open the player; Get certificate opens the course-completed page. */
export type CourseAction = 'study' | 'certificate';

/** The player's navigation state (spec: opened with userId, courseId, currentModule, currentSection). */
export interface PlayerState {
  courseId: number;
  userId: string;
  currentModule: number | null;
  currentSection: number | null;
  mode?: 'my-learning';
}

export function useOpenCourse({ mode }: { mode?: 'my-learning' } = {}) {
  const queryClient = useQueryClient();
  const { api } = useSessionManager();
  const userId = useSession().profile?.userId ?? '';
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ courseId: number; action: CourseAction } | null>(null);

  const open = async (courseId: number, action: CourseAction) => {
    if (pending) return;
    setPending({ courseId, action });
    try {
      // The same answer as the player's own query (usePlayerContent): offline, the phone's copy,
      // so a downloaded course opens from its card without the network.
      const content = await queryClient.fetchQuery({
        queryKey: learningKeys.content(userId, courseId),
        queryFn: ({ signal }) => playerContentWithOfflineCopy(userId, courseId, () => api.call(enrolledCourseDetails, { params: { userId, courseId }, signal })),
        networkMode: 'always',
        staleTime: 5 * 60_000,
      });
      if (action === 'certificate') {
        void navigate(paths.courseCompletedFor(courseId));
        return;
      }
      const state: PlayerState = { courseId, userId, currentModule: content.currentModule, currentSection: content.currentSection };
      if (mode) state.mode = mode;
      void navigate(paths.deliveryFor(courseId), { state });
    } catch (error) {
      setPending(null);
      // Offline with nothing of the course on the phone: say so, not 'contact your admin'.
      toast.error(isNetworkFailure(error) ? NOT_ON_PHONE : errorMessage(error));
    }
  };

  return { open, pending };
}
