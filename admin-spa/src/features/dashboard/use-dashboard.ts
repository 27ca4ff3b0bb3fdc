// The dashboard's reads (spec 002 §2.3, §7; decision 052). The server answers for the caller's
// scope (their institution, or the platform), so no institution id is sent.
import { useQuery } from '@tanstack/react-query';
import { courseUpdateHistory, dashboardStats, institutionCourseStatistic, monthlyEnrollmentStatistics } from '@rivet/shared/api/dashboard';
import { useSessionManager } from '@rivet/shared/client/session-context';

const KEY = ['dashboard'];
/** The dashboard is where staff come back to: each visit asks again, showing the last figures meanwhile. */
const FRESH = { staleTime: 0 } as const;

export function useMonthlyEnrolments() {
  const { api } = useSessionManager();
  return useQuery({ queryKey: [...KEY, 'enrolments'], queryFn: ({ signal }) => api.call(monthlyEnrollmentStatistics, { query: {}, signal }), ...FRESH });
}

export function useCourseStatistic() {
  const { api } = useSessionManager();
  return useQuery({ queryKey: [...KEY, 'courses'], queryFn: ({ signal }) => api.call(institutionCourseStatistic, { query: {}, signal }), ...FRESH });
}

export function useDashboardStats() {
  const { api } = useSessionManager();
  return useQuery({ queryKey: [...KEY, 'stats'], queryFn: ({ signal }) => api.call(dashboardStats, { query: {}, signal }), ...FRESH });
}

export function useUpdateHistory() {
  const { api } = useSessionManager();
  return useQuery({ queryKey: [...KEY, 'updates'], queryFn: ({ signal }) => api.call(courseUpdateHistory, { query: {}, signal }), ...FRESH });
}
