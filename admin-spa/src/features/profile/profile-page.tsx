// The admin's own profile (spec 002 §2.13): banner with picture and name, Update profile, the
// details the wizard edits, an About Partner panel (partner and role) and the live courses the
// admin is responsible for and the in-app notifications current or upcoming, both counted by the
// server (the spec's hard-coded 4s replaced; decisions 022 and 088).
import type { AdminProfile } from '@rivet/shared/api/authentication';
import { fullName } from '@rivet/shared/domain/people';
import { canManageNotificationsAndSurveys, isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { Avatar } from '@rivet/shared/ui/avatar';
import { ButtonLink } from '@rivet/shared/ui/button';
import { Card } from '@rivet/shared/ui/card';
import { Link } from '@rivet/shared/ui/link';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { ThemeSwitch } from '@rivet/shared/ui/theme-switch';
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
      <QueryState query={query} loadingText="Fetching profile...">
        {(profile) => <ProfileDetails profile={profile} />}
      </QueryState>
    </div>
  );
}

const LINKS = [
  ['Website', 'website'],
  ['Twitter', 'twitter'],
  ['YouTube', 'youTube'],
  ['FaceBook', 'faceBook'],
  ['LinkedIn', 'linkedIn'],
] as const;

function ProfileDetails({ profile }: { profile: AdminProfile }) {
  const { user } = profile;
  // Platform staff belong to the platform's own institution row; they answer for every partner.
  const platform = !isInstitutionScoped(useProfile().roleType);
  const partner = platform
    ? `${profile.institutionName ?? 'Rivet'} (platform)`
    : profile.institutionName
      ? `${profile.institutionName}${profile.institutionCode && profile.institutionCode !== profile.institutionName ? ` (${profile.institutionCode})` : ''}`
      : 'N/A';
  const name = fullName(user.firstName, user.lastName) || profile.userName;
  const rows = [
    { term: 'E-mail', value: orNA(user.email) },
    { term: 'Phone', value: orNA(user.phoneNumber) },
    { term: 'Address 1', value: orNA(profile.address1) },
    { term: 'Address 2', value: orNA(profile.address2) },
  ];
  const links = LINKS.filter(([, key]) => profile[key]);
  const courses = profile.activeCourses;
  const notifications = profile.notifications;
  return (
    <div className="profile__layout">
      <Card padding="none" className="profile__card">
        <div className="profile__banner" aria-hidden="true" />
        <div className="profile__head">
          <Avatar firstName={user.firstName} lastName={user.lastName} src={profile.profilePixUrl} size="xl" />
          <div className="profile__who">
            <h2 className="profile__name">{name}</h2>
            <p className="profile__username">{profile.headline ?? profile.userName}</p>
          </div>
          <ButtonLink href={paths.updateProfile} className="profile__update">
            Update profile
          </ButtonLink>
        </div>
        <dl className="profile__details">
          {rows.map(({ term, value }) => (
            <div key={term} className="profile__row">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {profile.biography ? <p className="profile__bio">{profile.biography}</p> : null}
        {links.length ? (
          <ul className="profile__links" aria-label="Links">
            {links.map(([label, key]) => (
              <li key={key}>
                <Link variant="inline" href={profile[key]!} target="_blank" rel="noopener noreferrer">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
      <aside className="profile__aside">
        <Card title="About Partner" padding="md">
          <dl className="profile__about">
            <div className="profile__row">
              <dt>Partner</dt>
              <dd>{partner}</dd>
            </div>
            <div className="profile__row">
              <dt>Role</dt>
              <dd>{orNA(profile.role)}</dd>
            </div>
          </dl>
        </Card>
        <Card padding="md" className="profile__figure">
          <p className="profile__figure-value">
            <span className="profile__figure-number">{notifications.toLocaleString('en-NG')}</span> {notifications === 1 ? 'Notification' : 'Notifications'}
          </p>
          <p className="profile__figure-note">
            {/* Only the two platform admin roles open the Notification Manager (§6). */}
            {canManageNotificationsAndSurveys(profile.role) ? (
              <Link variant="inline" href={paths.notificationManager}>
                Current and upcoming in-app notifications
              </Link>
            ) : (
              'Current and upcoming in-app notifications'
            )}
          </p>
        </Card>
        <Card padding="md" className="profile__figure">
          <p className="profile__figure-value">
            <span className="profile__figure-number">{courses.toLocaleString('en-NG')}</span> Active {courses === 1 ? 'Course' : 'Courses'}
          </p>
          <p className="profile__figure-note">{platform ? 'Live in the catalogue, all partners' : `Live in the catalogue for ${profile.institutionName ?? 'your partner'}`}</p>
        </Card>
        {/* Kept on this device, for the console and the learner site alike (decision 091). */}
        <Card title="Display" padding="md">
          <ThemeSwitch />
        </Card>
      </aside>
    </div>
  );
}
