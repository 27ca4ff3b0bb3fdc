// Approve course's reads and decisions (spec 001 §2.8, §4, §7; decision 043). Which list a tab
// shows depends on who looks: QA reviewers' Pending tab is status 4 (AwaitingCourseApproval), a
// partner approver's is status 1 (CourseApproval/Pending/Search).
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  awaitingCourseApproval,
  courseApproval,
  institutionApprovedCourses,
  institutionRejectedCourses,
  pendingSearch,
  qaCourseApproval,
  qaRevenueOptions,
  qaRevenueRepick,
  qaRevenueRepicks,
  type ApprovalPage,
} from '@rivet/shared/api/course-approval';
import { listCourseCategories } from '@rivet/shared/api/reference';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { useSessionManager } from '@rivet/shared/client/session-context';

export const APPROVAL_KEY = ['course-approval'];

export type ApprovalTab = 'pending' | 'approved' | 'rejected';
export const APPROVAL_TABS: readonly { id: ApprovalTab; label: string }[] = [
  { id: 'pending', label: 'Pending Courses' },
  { id: 'approved', label: 'Approved Courses' },
  { id: 'rejected', label: 'Rejected Courses' },
];

export interface ApprovalFilters {
  search: string;
  startDate: string;
  endDate: string;
  categoryId: string | null;
}

export const NO_FILTERS: ApprovalFilters = { search: '', startDate: '', endDate: '', categoryId: null };

/** §2.8: QA users (manage or view QA) get the "QA" title and review courses pending QA. */
export const isQaReviewer = (permissions: readonly string[]) => hasAnyPermission(permissions, 'manageCourseQA', 'viewCourseQA');

export function useApprovalList(tab: ApprovalTab, filters: ApprovalFilters, qa: boolean) {
  const { api } = useSessionManager();
  const list = useQuery({
    queryKey: [...APPROVAL_KEY, tab, qa, filters],
    // Other people fill these lists (an author submits, another reviewer decides): read again on
    // every visit and on coming back to the tab, never the app's 30 s cache (decision 078).
    staleTime: 0,
    refetchOnWindowFocus: true,
    queryFn: ({ signal }): Promise<ApprovalPage> => {
      const query = {
        courseTitle: filters.search,
        ...(filters.categoryId ? { courseCategoryId: filters.categoryId } : {}),
        ...(filters.startDate ? { StartDate: filters.startDate } : {}),
        ...(filters.endDate ? { EndDate: filters.endDate } : {}),
      };
      if (tab === 'approved') return api.call(institutionApprovedCourses, { query, signal });
      if (tab === 'rejected') return api.call(institutionRejectedCourses, { query, signal });
      if (qa) return api.call(awaitingCourseApproval, { query: { ...query, approvalstatus: '4' }, signal });
      return api.call(pendingSearch, {
        body: { search: filters.search, status: 1, startDate: filters.startDate || null, endDate: filters.endDate || null, courseCategoryId: filters.categoryId ? Number(filters.categoryId) : null },
        signal,
      });
    },
  });
  // Approve Course pressed in the sidebar while its list is already open stays on this screen (no
  // new mount): read the list again then too. The same address with a new history entry is that;
  // a tab or filter change is another address, whose list mounts and reads anyway.
  const location = useLocation();
  const address = location.pathname + location.search;
  const seen = useRef({ key: location.key, address });
  const { refetch } = list;
  useEffect(() => {
    if (location.key !== seen.current.key && address === seen.current.address) void refetch();
    seen.current = { key: location.key, address };
  }, [location.key, address, refetch]);
  return list;
}

/** The formulas this course may be approved with: active, naming its partner (decision 076). */
export function useRevenueOptions(courseId: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: [...APPROVAL_KEY, 'revenues', courseId],
    queryFn: ({ signal }) => api.call(qaRevenueOptions, { query: { courseId: String(courseId) }, signal }),
    // A formula created a moment ago under Revenue must be offered when the dialog opens again.
    staleTime: 0,
  });
}

/** Approved courses whose formula was taken off them (migration 0024), for QA to re-pick. */
export function useRepicks(enabled: boolean) {
  const { api } = useSessionManager();
  return useQuery({ queryKey: [...APPROVAL_KEY, 'repicks'], queryFn: ({ signal }) => api.call(qaRevenueRepicks, { signal }), enabled, staleTime: 0 });
}

/** Sets a fitting formula on such a course; answers the server's description. */
export function useRepick() {
  const { api } = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { courseId: number; revenueId: number }) => (await api.send(qaRevenueRepick, { body })).description,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPROVAL_KEY }),
  });
}

export interface Decision {
  courseId: number;
  approve: boolean;
  comment: string;
  /** QA's call (status 4) rather than the partner's (status 1). */
  qa: boolean;
  revenueId?: number | null;
  institutionId: number;
  courseCategoryId: number;
}

/** Sends Approve or Reject through the call §6 gives the reviewer; answers the server's description. */
export function useDecision() {
  const { api } = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (d: Decision) => {
      const answer = d.qa
        ? await api.send(qaCourseApproval, { body: { courseId: d.courseId, comment: d.comment, approvalStatus: d.approve ? 2 : 3, institutiondId: d.institutionId, revenueId: d.revenueId ?? null } })
        : await api.send(courseApproval, { body: { courseId: d.courseId, comment: d.comment, status: d.approve ? 2 : 3, courseCategoryId: d.courseCategoryId, institutiondId: d.institutionId } });
      return answer.description;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPROVAL_KEY }),
  });
}

/** The category filter's choices: every active category (§7 CourseCategory/List). */
export function useCategoryOptions() {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: [...APPROVAL_KEY, 'categories'],
    queryFn: ({ signal }) => api.call(listCourseCategories, { query: { IsActive: 'true', UsePaging: 'false', Page: '1', PageSize: '50' }, signal }),
    staleTime: 5 * 60_000,
  });
}
