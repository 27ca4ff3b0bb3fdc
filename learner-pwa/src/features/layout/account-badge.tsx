import type { SessionProfile } from '@rivet/shared/client/session';
import { Avatar } from '@rivet/shared/ui/avatar';

export function AccountBadge({ profile }: { profile: SessionProfile }) {
  return (
    <>
      <span className="header__name">{profile.firstName}</span>
      <Avatar firstName={profile.firstName} lastName={profile.lastName} src={profile.profilePix} />
    </>
  );
}
