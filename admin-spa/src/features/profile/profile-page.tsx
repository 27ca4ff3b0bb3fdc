import type { AdminProfile } from '@rivet/shared/api/authentication';
import { fullName } from '@rivet/shared/domain/people';
import { Avatar } from '@rivet/shared/ui/avatar';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { Card } from '@rivet/shared/ui/card';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { Spinner } from '@rivet/shared/ui/spinner';
import { useProfile } from '@rivet/shared/client/session-context';
import { paths } from '../../paths';
import { useAdminProfile } from './use-admin-profile';
import './profile-page.css';

const orNA = (value: string | null | undefined) => (value && value.trim() ? value : 'N/A');

export function ProfilePage() {
  const { userId } = useProfile();
  const query = useAdminProfile(userId);

  return (
    <div className="profile">
      <h1 className="profile__title">Profile</h1>
      {query.isPending ? (
        <div className="profile__state">
          <Spinner label="Fetching profile..." />
          <span>Fetching profile...</span>
        </div>
      ) : query.isError ? (
        <div className="profile__state profile__state--error">
          <ErrorAlert error={query.error} />
          <Button variant="secondary" onPress={() => void query.refetch()} isPending={query.isFetching}>
            Try again
          </Button>
        </div>
      ) : (
        <ProfileDetails profile={query.data} />
      )}
    </div>
  );
}

function ProfileDetails({ profile }: { profile: AdminProfile }) {
  const { user } = profile;
  const partner = profile.institutionName
    ? `${profile.institutionName}${profile.institutionCode ? ` (${profile.institutionCode})` : ''}`
    : null;
  const rows = [
    { term: 'E-mail', value: orNA(user.email) },
    { term: 'Phone', value: orNA(user.phoneNumber) },
    { term: 'Role', value: orNA(profile.role) },
    { term: 'Partner', value: orNA(partner) },
  ];
  return (
    <Card padding="lg" className="profile__card">
      <div className="profile__head">
        <Avatar firstName={user.firstName} lastName={user.lastName} src={profile.profilePixUrl} size="xl" />
        <div className="profile__who">
          <h2 className="profile__name">{fullName(user.firstName, user.lastName) || profile.userName}</h2>
          <p className="profile__username">{profile.userName}</p>
        </div>
      </div>
      <dl className="profile__details">
        {rows.map(({ term, value }) => (
          <div key={term} className="profile__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="profile__actions">
        <ButtonLink variant="secondary" href={paths.changePassword}>
          Change password
        </ButtonLink>
      </div>
    </Card>
  );
}
