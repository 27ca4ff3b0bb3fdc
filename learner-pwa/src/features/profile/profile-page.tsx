// The learner's profile (spec: Profile): a header with avatar, full name and 'Update profile';
// view mode with 'Your Details' and 'Completed courses'; edit mode with its tabs. The mode and
// the tab ride in the address (?edit=general), so a reload or the Back button keeps its place.
import { useSearchParams } from 'react-router';
import { fullName } from '@rivet/shared/domain/people';
import { useSession } from '@rivet/shared/client/session-context';
import { Avatar } from '@rivet/shared/ui/avatar';
import { Button } from '@rivet/shared/ui/button';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { EDIT_TABS, ProfileEditor, type EditTab } from './profile-editor';
import { ProfileView } from './profile-view';
import { useStudentProfile } from './use-student-profile';
import './profile.css';

function editTabOf(value: string | null): EditTab | null {
  return EDIT_TABS.find((t) => t.id === value)?.id ?? null;
}

export function ProfilePage() {
  const { profile: session } = useSession();
  const student = useStudentProfile();
  const [params, setParams] = useSearchParams();
  const tab = editTabOf(params.get('edit'));
  if (!session) return null;

  const data = student.data;
  const firstName = data?.firstName ?? session.firstName;
  const lastName = data?.lastName ?? session.lastName;
  const openEditor = (next: EditTab, replace = false) => setParams({ edit: next }, { replace });
  const closeEditor = () => setParams({}, { replace: true });

  return (
    <div className="page profile">
      <header className="profile__header">
        <Avatar size="xl" firstName={firstName} lastName={lastName} src={data ? data.profilePixUrl : session.profilePix} />
        <div className="profile__identity">
          <h1 className="profile__name">{fullName(firstName, lastName)}</h1>
          <p className="profile__email">{data?.email ?? session.email}</p>
        </div>
        {tab ? null : (
          <Button className="profile__update" onPress={() => openEditor('general')} isDisabled={!data}>
            Update profile
          </Button>
        )}
      </header>

      <QueryState query={student} loadingLabel="Loading your profile">
        {(profile) =>
          tab ? (
            <ProfileEditor profile={profile} userName={session.userName} tab={tab} onTabChange={(next) => openEditor(next, true)} onClose={closeEditor} />
          ) : (
            <ProfileView profile={profile} />
          )
        }
      </QueryState>
    </div>
  );
}
