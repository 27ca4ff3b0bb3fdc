import type { SessionProfile } from '@rivet/shared/client/session';
import { Avatar } from '@rivet/shared/ui/avatar';

const NOT_AVAILABLE = 'N/A';

const orNA = (value: string | null | undefined) => (value && value.trim() ? value : NOT_AVAILABLE);

export function WelcomeCard({ profile }: { profile: SessionProfile }) {
  const details = [
    { term: 'First name', value: orNA(profile.firstName) },
    { term: 'Last name', value: orNA(profile.lastName) },
    { term: 'Role', value: orNA(profile.role) },
    { term: 'Partner code', value: orNA(profile.institutionCode) },
  ];
  return (
    <section className="welcome-card" aria-labelledby="welcome-title">
      <div className="welcome-card__intro">
        <Avatar firstName={profile.firstName} lastName={profile.lastName} src={profile.profilePix} size="lg" />
        <div>
          <h2 id="welcome-title" className="welcome-card__title">
            Welcome back, {profile.firstName || profile.userName}
          </h2>
          {profile.institutionName ? <p className="welcome-card__partner">{profile.institutionName}</p> : null}
        </div>
      </div>
      <dl className="welcome-card__details">
        {details.map(({ term, value }) => (
          <div key={term} className="welcome-card__detail">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
