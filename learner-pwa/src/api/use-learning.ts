// The learner's own courses and a course's player content, as TanStack queries. Keys start with
// 'me' so they are dropped when the session ends (app/providers.tsx). Every answer is also kept in
// IndexedDB (offline/offline-copy.ts) and used when the network is gone; the queries therefore run
// offline too (networkMode 'always') instead of pausing until the network returns.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { completedCourses, enrolledCourseDetails, enrolledCourses, overallPercentage, recentCourse } from '@rivet/shared/api/learning';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import { learnerCourseOf, playerContentWithOfflineCopy, withLocalProgress, withOfflineCopy } from '../offline/offline-copy';
import { overallPercentage as overallOf } from '@rivet/shared/domain/progress';

export const learningKeys = {
  all: ['me', 'learning'] as const,
  enrolled: (userId: string) => ['me', 'learning', 'enrolled', userId] as const,
  completed: (userId: string) => ['me', 'learning', 'completed', userId] as const,
  recent: (userId: string) => ['me', 'learning', 'recent', userId] as const,
  overall: (userId: string) => ['me', 'learning', 'overall', userId] as const,
  content: (userId: string, courseId: number) => ['me', 'learning', 'content', userId, courseId] as const,
};

function useUserId(): string {
  return useSession().profile?.userId ?? '';
}

/** Every enrolled course (active and completed), most recently visited first. */
export function useEnrolledCourses() {
  const { api } = useSessionManager();
  const userId = useUserId();
  return useQuery({
    queryKey: learningKeys.enrolled(userId),
    enabled: Boolean(userId),
    networkMode: 'always',
    queryFn: async ({ signal }) => withLocalProgress(userId, await withOfflineCopy(userId, 'enrolled', enrolledCourses.data, () => api.call(enrolledCourses, { params: { userId }, signal }), (all) => all.map(learnerCourseOf))),
  });
}

export function useCompletedCourses() {
  const { api } = useSessionManager();
  const userId = useUserId();
  return useQuery({
    queryKey: learningKeys.completed(userId),
    enabled: Boolean(userId),
    networkMode: 'always',
    queryFn: async ({ signal }) => withLocalProgress(userId, await withOfflineCopy(userId, 'completed', completedCourses.data, () => api.call(completedCourses, { params: { userId }, signal }), (all) => all.filter((c) => c.completed).map(learnerCourseOf))),
  });
}

export function useRecentCourse() {
  const { api } = useSessionManager();
  const userId = useUserId();
  return useQuery({
    queryKey: learningKeys.recent(userId),
    enabled: Boolean(userId),
    networkMode: 'always',
    queryFn: async ({ signal }) => {
      const recent = await withOfflineCopy(
        userId,
        'recent',
        recentCourse.data,
        () => api.call(recentCourse, { params: { userId }, signal }),
        (all) => (all[0] ? learnerCourseOf(all[0]) : null),
      );
      return recent ? ((await withLocalProgress(userId, [recent]))[0] ?? recent) : recent;
    },
  });
}

export function useOverallPercentage() {
  const { api } = useSessionManager();
  const userId = useUserId();
  return useQuery({
    queryKey: learningKeys.overall(userId),
    enabled: Boolean(userId),
    networkMode: 'always',
    queryFn: ({ signal }) => withOfflineCopy(
        userId,
        'overall',
        overallPercentage.data,
        () => api.call(overallPercentage, { signal }),
        (all) => ({
          percentage: overallOf(all.map((c) => c.percentage)),
          activeCourses: all.filter((c) => !c.completed).length,
          completedCourses: all.filter((c) => c.completed).length,
        }),
      ),
  });
}

/** A course's content for the player (404/403 when not enrolled). Media addresses expire: refetch then. */
export function usePlayerContent(courseId: number | null) {
  const { api } = useSessionManager();
  const userId = useUserId();
  return useQuery({
    queryKey: learningKeys.content(userId, courseId ?? 0),
    enabled: Boolean(userId) && courseId !== null,
    networkMode: 'always',
    queryFn: ({ signal }) => playerContentWithOfflineCopy(userId, courseId!, () => api.call(enrolledCourseDetails, { params: { userId, courseId: courseId! }, signal })),
    staleTime: 5 * 60_000,
  });
}

/** After progress changes: the dashboard's lists and rings are out of date. */
export function invalidateLearning(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: learningKeys.all });
}
