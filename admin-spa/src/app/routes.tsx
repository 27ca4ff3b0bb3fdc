// The route table: features put together. Every screen is its own chunk so the sign-in page
// loads only what it needs. Who may open each is declared in ../screen-access.ts (one rule per path
// below), which the session guard reads.
import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireSession, RootRedirect } from './route-guard';
import { AppRoot, RouteError, RoutePending } from './route-states';

/** The console's rich-text editor (Tiptap), for the pages the shell hands it to. */
const RichTextEditor = lazy(() => import('../features/course-wizard/rich-text-editor'));

export const adminRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AppRoot,
    HydrateFallback: RoutePending,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: RootRedirect },
      { path: 'login', lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }) },
      // The spec's path keeps its spelling; the page and everything else say "forgot".
      {
        path: 'forget-password',
        lazy: async () => ({ Component: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage }),
      },
      // Open: a reset link (?token=…) works signed out; the page itself sends others to sign-in.
      {
        path: 'change-password',
        lazy: async () => ({ Component: (await import('../features/auth/change-password-page')).ChangePasswordPage }),
      },
      {
        path: 'password-changed',
        lazy: async () => ({ Component: (await import('../features/auth/password-changed-page')).PasswordChangedPage }),
      },
      {
        Component: RequireSession,
        children: [
          // Outside the console's frame: the preview shows the course as learners see it.
          {
            path: 'course-preview/:id',
            lazy: async () => ({ Component: (await import('../features/course-preview/course-preview-page')).CoursePreviewPage }),
          },
          {
            lazy: async () => ({ Component: (await import('../features/layout/admin-layout')).AdminLayout }),
            children: [
              {
                path: 'dashboard',
                lazy: async () => ({ Component: (await import('../features/dashboard/dashboard-page')).DashboardPage }),
              },
              {
                path: 'profile-admin',
                lazy: async () => ({ Component: (await import('../features/profile/profile-page')).ProfilePage }),
              },
              {
                path: 'update-profile',
                lazy: async () => ({ Component: (await import('../features/profile/update-profile-page')).UpdateProfilePage }),
              },
              // The settings area: its pages share the side-nav (spec 001 §2.9), at the spec's
              // /settings/… and /configuration/… addresses alike.
              {
                lazy: async () => ({ Component: (await import('../features/settings/settings-layout')).SettingsLayout }),
                children: [
                  { path: 'settings', lazy: async () => ({ Component: (await import('../features/settings/settings-layout')).SettingsIndex }) },
                  {
                    path: 'settings/course-configuration',
                    lazy: async () => ({ Component: (await import('../features/settings/course-configuration-page')).CourseConfigurationPage }),
                  },
                  { path: 'settings/privacy', lazy: async () => ({ Component: (await import('../features/settings/privacy-page')).PrivacyPage }) },
                  {
                    path: 'settings/instructors',
                    lazy: async () => ({ Component: (await import('../features/instructors/instructors-page')).InstructorsPage }),
                  },
                  {
                    path: 'configuration/certificate-settings',
                    lazy: async () => ({ Component: (await import('../features/certificate-settings/certificate-settings-page')).CertificateSettingsPage }),
                  },
                  {
                    path: 'configuration/manage-workflow',
                    lazy: async () => ({ Component: (await import('../features/workflows/approval-settings-page')).ApprovalSettingsPage }),
                  },
                  { path: 'configuration/email-template', lazy: async () => ({ Component: (await import('../features/email-templates/email-templates-page')).EmailTemplatesPage }) },
                  // Add and edit share one form; the Tiptap editor reaches it from here, loaded only when the message field shows.
                  ...['configuration/new-email', 'configuration/manageemail/edit/:editemail'].map((path) => ({
                    path,
                    lazy: async () => {
                      const { EmailTemplateFormPage } = await import('../features/email-templates/email-template-form-page');
                      return { Component: () => <EmailTemplateFormPage Editor={RichTextEditor} /> };
                    },
                  })),
                  {
                    path: 'configuration/preview-email',
                    lazy: async () => ({ Component: (await import('../features/email-templates/email-preview-page')).EmailPreviewPage }),
                  },
                  {
                    path: 'configuration/manage-survey',
                    lazy: async () => ({ Component: (await import('../features/manage-survey/manage-survey-page')).ManageSurveyPage }),
                  },
                  {
                    path: 'configuration/notification-manager',
                    lazy: async () => ({ Component: (await import('../features/notification-manager/notification-manager-page')).NotificationManagerPage }),
                  },
                  {
                    path: 'configuration/role-management',
                    lazy: async () => ({ Component: (await import('../features/roles/role-management-page')).RoleManagementPage }),
                  },
                ],
              },
              {
                path: 'create-course',
                lazy: async () => {
                  const [{ CreateCoursePage }, { CourseMediaPickerProvider }] = await Promise.all([import('../features/course-wizard/create-course-page'), import('./course-media-picker')]);
                  return {
                    Component: () => (
                      <CourseMediaPickerProvider>
                        <CreateCoursePage />
                      </CourseMediaPickerProvider>
                    ),
                  };
                },
              },
              {
                path: 'approve-course',
                lazy: async () => ({ Component: (await import('./approve-course-route')).ApproveCourseRoute }),
              },
              {
                path: 'report/course-insight',
                lazy: async () => ({ Component: (await import('../features/course-insights/course-insights-page')).CourseInsightsPage }),
              },
              {
                path: 'report/managestudent/:courseId',
                lazy: async () => ({ Component: (await import('../features/course-insights/enrolled-students-page')).EnrolledStudentsPage }),
              },
              {
                path: 'manage-course',
                lazy: async () => ({ Component: (await import('../features/manage-course/manage-course-page')).ManageCoursePage }),
              },
              {
                path: 'explore-course',
                lazy: async () => ({ Component: (await import('../features/manage-course/course-detail-page')).CourseDetailPage }),
              },
              {
                path: 'content-library',
                lazy: async () => ({ Component: (await import('../features/content-library/content-library-page')).ContentLibraryPage }),
              },
              {
                path: 'manage-platform',
                lazy: async () => ({ Component: (await import('../features/platform/manage-platform-page')).ManagePlatformPage }),
              },
              {
                path: 'manage-user',
                lazy: async () => ({ Component: (await import('../features/users/manage-users-page')).ManageUsersPage }),
              },
              {
                path: 'manage-partners',
                lazy: async () => ({ Component: (await import('../features/partners/partners-page')).PartnersPage }),
              },
              // The spec lists both paths for the partner list; one screen, one address.
              { path: 'manage-institution', element: <Navigate to="/manage-partners" replace /> },
              {
                path: 'create-institution',
                lazy: async () => ({ Component: (await import('../features/partners/create-partner-page')).CreatePartnerPage }),
              },
              {
                path: 'Institution/Update/:updateinstitution',
                lazy: async () => ({ Component: (await import('../features/partners/update-partner-page')).UpdatePartnerPage }),
              },
              {
                path: 'revenue',
                lazy: async () => ({ Component: (await import('../features/revenue/revenue-page')).RevenuePage }),
              },
              {
                path: 'discounts',
                lazy: async () => ({ Component: (await import('../features/discounts/discounts-page')).DiscountsPage }),
              },
              {
                path: 'discount/:viewdiscount',
                lazy: async () => ({ Component: (await import('../features/discounts/discount-view-page')).DiscountViewPage }),
              },
              {
                path: 'report/audit-trail',
                lazy: async () => ({ Component: (await import('../features/reports/audit-trail-page')).AuditTrailPage }),
              },
              {
                path: 'report/course-payment',
                lazy: async () => ({ Component: (await import('../features/reports/course-payment-page')).CoursePaymentPage }),
              },
              {
                path: 'report/course-purchase',
                lazy: async () => ({ Component: (await import('../features/reports/course-purchase-page')).CoursePurchasePage }),
              },
              {
                path: 'report/course-insights-overview',
                lazy: async () => ({ Component: (await import('../features/reports/course-insights-overview-page')).CourseInsightsOverviewPage }),
              },
              {
                path: 'report/revenue-per-partner',
                lazy: async () => ({ Component: (await import('../features/reports/revenue-per-partner-page')).RevenuePerPartnerPage }),
              },
              {
                path: 'report/revenue-per-institution',
                lazy: async () => ({ Component: (await import('../features/reports/platform-revenue-page')).PlatformRevenuePage }),
              },
              {
                path: 'report/page-views',
                lazy: async () => ({ Component: (await import('../features/reports/page-views-page')).PageViewsPage }),
              },
              {
                path: 'report/survey',
                lazy: async () => ({ Component: (await import('../features/reports/survey-report-page')).SurveyReportPage }),
              },
              {
                path: 'report/survey/:surveyreport',
                lazy: async () => ({ Component: (await import('../features/reports/survey-report-page')).SurveyReportPage }),
              },
              {
                path: 'report/manage-registered-user',
                lazy: async () => ({ Component: (await import('../features/reports/registered-users-page')).RegisteredUsersPage }),
              },
              {
                path: '*',
                lazy: async () => ({ Component: (await import('../features/not-found/not-found-page')).NotFoundPage }),
              },
            ],
          },
        ],
      },
    ],
  },
];
