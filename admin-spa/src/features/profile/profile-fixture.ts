import type { AdminProfile } from '@rivet/shared/api/authentication';

/** A staff profile as the server answers it, for the profile screens' tests. */
export function adminProfile(userId: string, overrides: Partial<AdminProfile> = {}): AdminProfile {
  return {
    id: 3,
    userId,
    userName: 'ada.obi',
    address1: '12 Marina Road, Lagos',
    address2: null,
    profilePixUrl: '/media/profiles/ada.webp',
    headline: null,
    biography: null,
    website: null,
    twitter: null,
    youTube: null,
    faceBook: null,
    linkedIn: null,
    role: 'INSTITUTION ADMIN',
    roleId: 14,
    isActive: true,
    institutionId: 7,
    institutionName: 'Lagos Business School',
    institutionCode: 'LBS',
    activeCourses: 7,
    notifications: 2,
    user: { firstName: 'Adaeze', lastName: 'Obi', email: 'adaeze@lbs.edu.ng', phoneNumber: '08031234567' },
    ...overrides,
  };
}
