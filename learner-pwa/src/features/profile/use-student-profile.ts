import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getStudentByUserId, type StudentProfile } from '@rivet/shared/api/authentication';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';

/** Starts with 'me': dropped with the rest of the user's data when the session ends. */
export const studentProfileKey = (userId: string) => ['me', 'student-profile', userId] as const;

export function useStudentProfile() {
  const { api } = useSessionManager();
  const userId = useSession().profile?.userId ?? '';
  return useQuery({
    queryKey: studentProfileKey(userId),
    queryFn: ({ signal }) => api.call(getStudentByUserId, { query: { userId }, signal }),
    enabled: Boolean(userId),
  });
}

/**
 * After a successful save: the answer is the new profile, so it goes straight into the cache (then
 * refetches, as the spec asks), and the header's name and picture in the session follow it.
 */
export function useProfileSaved() {
  const manager = useSessionManager();
  const queryClient = useQueryClient();
  return (saved: StudentProfile) => {
    const key = studentProfileKey(saved.userId);
    queryClient.setQueryData(key, saved);
    void queryClient.invalidateQueries({ queryKey: key });
    manager.updateProfile({ firstName: saved.firstName, lastName: saved.lastName, profilePix: saved.profilePixUrl });
  };
}
