// Staff accounts made for the end-to-end stories by seed-staff.ts (one per staff role), so no
// story depends on another having changed a demo account's password.
export const E2E_STAFF_PASSWORD = 'Staff#E2e2026';

export const E2E_STAFF = {
  superAdmin: { userName: 'e2e.superadmin', firstName: 'Segun', role: 'SUPER ADMIN', institutionCode: 'RIVET' },
  platformAdmin: { userName: 'e2e.platformadmin', firstName: 'Amaka', role: 'RIVET ADMIN', institutionCode: 'RIVET' },
  platformReport: { userName: 'e2e.platformreport', firstName: 'Musa', role: 'RIVET REPORT', institutionCode: 'RIVET' },
  institutionAdmin: { userName: 'e2e.unilagadmin', firstName: 'Kemi', role: 'INSTITUTION ADMIN', institutionCode: 'UNILAG' },
  institutionReport: { userName: 'e2e.unilagreport', firstName: 'Ifeanyi', role: 'INSTITUTION REPORT', institutionCode: 'UNILAG' },
} as const;

/**
 * The profile story's own institution admin: it changes its name and password, so no other story
 * signs in with it (they use E2E_STAFF.institutionAdmin).
 */
export const E2E_PROFILE_EDITOR = { userName: 'e2e.unilagprofile', firstName: 'Kemi', role: 'INSTITUTION ADMIN', institutionCode: 'UNILAG' } as const;
