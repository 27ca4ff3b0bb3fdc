// The list of every declared endpoint, for the server's checks and the OpenAPI document.
import * as adminProfile from './admin-profile';
import * as auth from './authentication';
import * as certificateSettings from './certificate-settings';
import * as contentLibrary from './content-library';
import * as courseApproval from './course-approval';
import * as courseInsights from './course-insights';
import * as dashboard from './dashboard';
import * as manageCourse from './manage-course';
import * as course from './course';
import * as courseAuthoring from './course-authoring';
import * as courseConfiguration from './course-configuration';
import * as courseCurriculum from './course-curriculum';
import * as coursePricing from './course-pricing';
import * as coursePreview from './course-preview';
import * as courseRevisionChanges from './course-revision-changes';
import * as courseSurvey from './course-survey';
import * as emailTemplates from './email-templates';
import * as gettingStarted from './getting-started';
import * as institution from './institution';
import * as instructors from './instructors';
import * as learning from './learning';
import * as manageSurvey from './manage-survey';
import * as inAppNotifications from './in-app-notifications';
import * as offline from './offline';
import * as pageViews from './page-views';
import * as payment from './payment';
import * as platform from './platform';
import * as privacy from './privacy';
import * as profile from './profile';
import * as reference from './reference';
import * as discounts from './discounts';
import * as revenue from './revenue';
import * as reports from './reports';
import * as partners from './partners';
import * as roles from './roles';
import * as users from './users';
import * as workflows from './workflows';
import type { Endpoint } from './contract';

const isEndpoint = (x: unknown): x is Endpoint =>
  typeof x === 'object' && x !== null && 'service' in x && 'method' in x && 'path' in x && 'access' in x;

const modules: Record<string, unknown>[] = [auth, adminProfile, certificateSettings, reference, course, courseApproval, courseAuthoring, courseInsights, dashboard, courseConfiguration, courseCurriculum, coursePricing, coursePreview, courseRevisionChanges, courseSurvey, contentLibrary, discounts, emailTemplates, gettingStarted, inAppNotifications, institution, instructors, learning, manageCourse, manageSurvey, offline, pageViews, partners, payment, platform, privacy, profile, reports, revenue, roles, users, workflows];

export const ALL_ENDPOINTS: readonly Endpoint[] = modules.flatMap((m) => Object.values(m).filter(isEndpoint));
