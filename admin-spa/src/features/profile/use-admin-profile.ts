import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getAdminByUserId, type AdminProfile } from '@rivet/shared/api/authentication';
import { useSessionManager } from '@rivet/shared/client/session-context';

const keyOf = (userId: string) => ['admin-profile', userId];

export function useAdminProfile(userId: string) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: keyOf(userId),
    queryFn: ({ signal }) => api.call(getAdminByUserId, { query: { userId }, signal }),
  });
}

/** After a save: the profile page shows the saved profile, the header the new name and picture. */
export function useAdminProfileSaved() {
  const queryClient = useQueryClient();
  const manager = useSessionManager();
  return (saved: AdminProfile) => {
    queryClient.setQueryData(keyOf(saved.userId), saved);
    manager.updateProfile({
      firstName: saved.user.firstName,
      lastName: saved.user.lastName,
      email: saved.user.email,
      profilePix: saved.profilePixUrl,
    });
  };
}
