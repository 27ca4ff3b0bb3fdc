import type { StudentProfile } from '@rivet/shared/api/authentication';
import { fullName } from '@rivet/shared/domain/people';
import { Card } from '@rivet/shared/ui/card';
import { CompletedCourses } from './completed-courses';
import { DownloadDataPanel } from './download-data-panel';

const EMPTY = '—';

/** View mode: 'Your Details', 'Completed courses' and the download of everything held (decision 090). */
export function ProfileView({ profile }: { profile: StudentProfile }) {
  const details = [
    { label: 'Full name', value: fullName(profile.firstName, profile.lastName) },
    { label: 'Organization', value: profile.organization },
    { label: 'Country', value: profile.countryName ?? profile.country },
    { label: 'Phone number', value: profile.phoneNumber },
    { label: 'Job title', value: profile.jobTitle },
  ];
  return (
    <>
      <section aria-labelledby="profile-details-title">
        <h2 id="profile-details-title" className="profile__section-title">
          Your Details
        </h2>
        <ul className="profile__cards">
          {details.map((d) => (
            <li key={d.label}>
              <Card className="profile__card" as="div">
                <p className="profile__label">{d.label}</p>
                <p className="profile__value">{d.value?.trim() ? d.value : EMPTY}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <CompletedCourses />
      <DownloadDataPanel />
    </>
  );
}
