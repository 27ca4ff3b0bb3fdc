import type { StudentProfile } from '@rivet/shared/api/authentication';
import { fullName } from '@rivet/shared/domain/people';
import { Card } from '@rivet/shared/ui/card';
import { ThemeSwitch } from '@rivet/shared/ui/theme-switch';
import { CompletedCourses } from './completed-courses';
import { DownloadDataPanel } from './download-data-panel';

const EMPTY = '—';

/** View mode: 'Your Details', 'Completed courses', the theme (decision 091) and the download of everything held (decision 090). */
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
      <section aria-labelledby="profile-display-title">
        <h2 id="profile-display-title" className="profile__section-title">
          Display
        </h2>
        {/* Kept on this device, for the learner site and the console alike; also in the footer for visitors. */}
        <Card className="profile__card" as="div">
          <ThemeSwitch />
        </Card>
      </section>
      <DownloadDataPanel />
    </>
  );
}
