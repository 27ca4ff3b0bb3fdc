import { useQuery } from '@tanstack/react-query';
import { getStudentByUserId } from '@rivet/shared/api/authentication';
import { fullName } from '@rivet/shared/domain/people';
import { Avatar } from '@rivet/shared/ui/avatar';
import { Card } from '@rivet/shared/ui/card';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { Spinner } from '@rivet/shared/ui/spinner';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import './profile.css';

const EMPTY = '—';

/** View mode of the profile; editing arrives with the profile work. */
export function ProfilePage() {
  const { api } = useSessionManager();
  const { profile: session } = useSession();
  const userId = session?.userId ?? '';
  const student = useQuery({
    queryKey: ['me', 'student-profile', userId],
    queryFn: ({ signal }) => api.call(getStudentByUserId, { query: { userId }, signal }),
    enabled: Boolean(userId),
  });
  if (!session) return null;

  const data = student.data;
  const name = fullName(data?.firstName ?? session.firstName, data?.lastName ?? session.lastName);
  const details = [
    { label: 'Full name', value: name },
    { label: 'Organization', value: data?.organization },
    { label: 'Country', value: data?.countryName ?? data?.country },
    { label: 'Phone number', value: data?.phoneNumber },
    { label: 'Job title', value: data?.jobTitle },
  ];

  return (
    <div className="page profile">
      <header className="profile__header">
        <Avatar size="xl" firstName={session.firstName} lastName={session.lastName} src={data?.profilePixUrl ?? session.profilePix} />
        <div>
          <h1 className="profile__name">{name}</h1>
          <p className="profile__email">{data?.email ?? session.email}</p>
        </div>
      </header>

      <h2 className="profile__section-title">Your Details</h2>
      {student.isPending ? <Spinner size="lg" label="Loading" /> : null}
      <ErrorAlert error={student.error} />
      {data ? (
        <ul className="profile__cards">
          {details.map((d) => (
            <li key={d.label}>
              <Card className="profile__card">
                <p className="profile__label">{d.label}</p>
                <p className="profile__value">{d.value?.trim() ? d.value : EMPTY}</p>
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
