// The authorization matrix, generated from the contract: every endpoint in ALL_ENDPOINTS is called
// by an anonymous caller, a learner and one staff member of each seeded staff role, and the answer
// must match what the endpoint declares. Institution-confined endpoints are also pointed at
// another institution's record. It is the proof that access rules hold for every endpoint, and a
// new endpoint without a rule, a mutating staff endpoint without an audit declaration, or a
// confined endpoint without a fixture fails it (docs/decisions/021).
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl, type Endpoint } from '@rivet/shared/api/contract';
import { ALL_ENDPOINTS } from '@rivet/shared/api/endpoints';
import { LIFECYCLE_MESSAGES, partnerStaffOnly } from '@rivet/shared/domain/course-lifecycle';
import { ROLES, STUDENT_ROLE_ID, hasAnyPermission, isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { hashPassword } from '../authentication/passwords';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import * as t from '../db/schema';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { insertCourse } from '../testing/catalogue-fixtures';
import { testDrivers } from '../testing/test-database';

const key = (e: Pick<Endpoint, 'method' | 'service' | 'path'>) => `${e.method} ${e.service}/${e.path}`;

/** The staff accounts the matrix creates: ids of records a fixture can point a call at. */
interface Records {
  /** A staff member of the caller's own institution (UNILAG), and one of another (LBS). */
  ownStaffUserId: string;
  otherStaffUserId: string;
  /** The two institutions, a draft course of each (with its images) and an instructor of each. */
  ownInstitutionId: number;
  otherInstitutionId: number;
  ownDraftCourseId: number;
  otherDraftCourseId: number;
  /** A published course of each: what Course/Revision updates (the first call makes its revision, later ones continue it). */
  ownPublishedCourseId: number;
  otherPublishedCourseId: number;
  /** A submitted revision of a published course of each: what Course/Revision/Changes compares. */
  ownRevisionCourseId: number;
  otherRevisionCourseId: number;
  ownInstructor: string;
  otherInstructor: string;
  /** An instructor of each institution the matrix renames and deactivates (never the one OtherDetails picks). */
  ownManagedInstructorId: number;
  otherManagedInstructorId: number;
  /** Content library files of each institution, one used up per DeleteFile call. */
  ownLibraryFileIds: number[];
  otherLibraryFileIds: number[];
  /** Complete paid drafts of each institution, one submitted for review per Course/Pricing call. */
  ownCompleteCourseIds: number[];
  otherCompleteCourseIds: number[];
  /** Drafts with a module, a section and content in it: what Preview Course accepts. */
  ownPreviewCourseId: number;
  otherPreviewCourseId: number;
  /** Paid drafts with the survey step reached (their survey can be chosen again and again), and an active survey. */
  ownSurveyCourseId: number;
  otherSurveyCourseId: number;
  activeSurveyId: number;
  /** A certificate signatory of each institution, and a picture to upload as a signature. */
  ownSignatureId: number;
  otherSignatureId: number;
  signaturePng: Uint8Array<ArrayBuffer>;
  /** A staff member of each institution who may approve courses (what a workflow level names). */
  ownApproverId: string;
  otherApproverId: string;
  /** Matrix-only categories: each workflow Create takes the next (one active workflow per partner and category). */
  workflowCategoryIds: number[];
  /** An active workflow of each institution to update, and active ones to deactivate, one per call. */
  ownWorkflowId: number;
  otherWorkflowId: number;
  ownWorkflowCategoryId: number;
  otherWorkflowCategoryId: number;
  ownDeactivatableWorkflowIds: number[];
  otherDeactivatableWorkflowIds: number[];
  ownActivatableWorkflowIds: number[];
  otherActivatableWorkflowIds: number[];
  /** Courses pending partner review at each institution, one used up per Course/Approval call. */
  ownPendingCourseIds: number[];
  otherPendingCourseIds: number[];
}

let matrixUsers = 0;
/** A staff user no one has taken yet (Create is called once per caller). */
const newStaff = (institutionId: number) => {
  const userName = `matrix.made.${++matrixUsers}`;
  return { firstName: 'Made', lastName: 'Staff', userName, email: `${userName}@matrix.ng`, phoneNumber: '', roles: 15, institutionId };
};

interface Call {
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Fields of a multipart call (sent instead of `body`). */
  form?: Record<string, string>;
  /** Files of a multipart call, by field name. */
  files?: { field: string; name: string; bytes: Uint8Array<ArrayBuffer> }[];
  /** A raw body (an upload chunk). */
  raw?: Uint8Array<ArrayBuffer>;
}

let matrixUploads = 0;
/** Instructor names are unique within a partner: each Create and Update call names a new one. */
let matrixInstructors = 0;
const instructorName = () => `Matrix Instructor ${++matrixInstructors}`;

/** A one-chunk upload the server accepts (the bytes start like an MP4). */
const chunk = (institutionId: number): Call => ({
  path: 'Course/UploadChunks',
  query: { id: '0', fileName: `matrix-${++matrixUploads}.mp4`, totalChunks: '1', InstitutionId: String(institutionId) },
  raw: new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0]),
});
/** The smallest PDF signature: one file for the multipart upload. */
const pdfUpload = (institutionId: number): Call => ({
  path: 'FileManager/UploadMultipleFileFromLocal',
  form: { InstitutionId: String(institutionId) },
  files: [{ field: 'files', name: 'matrix.pdf', bytes: new TextEncoder().encode('%PDF-1.4\n') }],
});

/** A signatory with a real picture (the server decodes it). */
const signatureUpload = (r: Records, institutionId: number): Call => ({
  path: 'Certificate/UploadSignatureAndName',
  query: { name: 'Matrix Signatory', jobTitle: 'Registrar', institutionId: String(institutionId) },
  form: {},
  files: [{ field: 'signature', name: 'signature.png', bytes: r.signaturePng }],
});

const workflowBody = (institutionId: number, courseCategoryId: number, approverId: string) => ({
  institutionId,
  name: 'Matrix Workflow',
  courseCategoryId,
  workflowLevels: [{ approval: 1, users: [{ userId: approverId }] }],
});

const basicSetup = (courseId: number) => ({ courseId, title: 'Matrix Draft', description: 'A draft course.', courseCategoryId: 1, courseType: 1, startDate: '2026-12-01' });
const otherDetails = (courseId: number, instructor: string) => ({
  CourseId: String(courseId),
  HeadLine: 'Matrix headline',
  OverView: '<p>Overview</p>',
  CourseLevel: '1',
  LanguageId: '1',
  Objectives: '<p>Objectives</p>',
  Effort: '2 to 4 hours per week',
  InstructorName: instructor,
  // Removing a promotional video the draft does not have changes nothing, yet goes through the whole call.
  RemoveCoursePromotionalVideo: 'true',
  StepNo: '2',
});

const curriculum = (courseId: number) => ({
  courseId,
  courseModules: [{ title: 'Matrix module', items: [{ title: 'Matrix section', courseModuleItemAssets: [{ assetType: 3, title: 'Matrix article', body: '<p>Read this.</p>' }] }] }],
});

/**
 * How to point a confined endpoint at a record of the caller's own institution and at another
 * institution's. Institution-scoped callers must get 403 or 404 for `other`; everyone allowed by
 * the access rule gets an answer (not 401/403) for `own`.
 */
export const CONFINEMENT_FIXTURES: Record<
  string,
  {
    own: (r: Records) => Call;
    other: (r: Records) => Call;
    anyOf?: readonly string[];
    /** A report: its Export (every row as an .xlsx) is confined the same way as its page. */
    exports?: true;
    /**
     * Only the record's institution's own staff act on it (decision 076: a partner's review level):
     * platform staff get this 403 for both records, institution staff 200 for their own.
     */
    ownStaffOnly?: (r: Records, own: boolean) => string;
  }
> = {
  'GET Authentication/Account/Admin/GetAdminByUserId': {
    // Reading a colleague (not oneself) needs one of these.
    anyOf: ['viewuser', 'manageuser'],
    own: (r) => ({ path: 'Account/Admin/GetAdminByUserId', query: { userId: r.ownStaffUserId } }),
    other: (r) => ({ path: 'Account/Admin/GetAdminByUserId', query: { userId: r.otherStaffUserId } }),
  },
  'GET Authentication/Account/User/GetUserInfoByInstitutionId': {
    own: (r) => ({ path: 'Account/User/GetUserInfoByInstitutionId', query: { institutionid: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Account/User/GetUserInfoByInstitutionId', query: { institutionid: String(r.otherInstitutionId) } }),
  },
  'POST Authentication/Account/Admin/Create': {
    own: (r) => ({ path: 'Account/Admin/Create', body: newStaff(r.ownInstitutionId) }),
    other: (r) => ({ path: 'Account/Admin/Create', body: newStaff(r.otherInstitutionId) }),
  },
  // The users keep their names and roles (INSTITUTION REPORT at UNILAG, INSTITUTION ADMIN at LBS).
  'PUT Authentication/Account/Admin/UpdateUserInfo': {
    own: (r) => ({ path: 'Account/Admin/UpdateUserInfo', query: { UserId: r.ownStaffUserId, firstName: 'Colleague', lastName: 'Staff', phoneNumber: '', roleId: '15' } }),
    other: (r) => ({ path: 'Account/Admin/UpdateUserInfo', query: { UserId: r.otherStaffUserId, firstName: 'Other', lastName: 'Staff', phoneNumber: '', roleId: '14' } }),
  },
  // Activating an active user changes nothing, so every caller may run it.
  'DELETE Authentication/Account/User/ActivateDeactivateUser': {
    own: (r) => ({ path: 'Account/User/ActivateDeactivateUser', query: { id: r.ownStaffUserId, isActive: 'true' } }),
    other: (r) => ({ path: 'Account/User/ActivateDeactivateUser', query: { id: r.otherStaffUserId, isActive: 'true' } }),
  },
  'GET Institution/Institution/Partners': {
    own: (r) => ({ path: 'Institution/Partners', query: { Id: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Institution/Partners', query: { Id: String(r.otherInstitutionId) } }),
  },
  'GET Institution/Institution/GetInstitution': {
    own: (r) => ({ path: 'Institution/GetInstitution', query: { Id: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Institution/GetInstitution', query: { Id: String(r.otherInstitutionId) } }),
  },
  // Getting started (decision 079): a partner's staff read their own partner's checklist only.
  'GET Institution/Institution/GettingStarted': {
    own: (r) => ({ path: 'Institution/GettingStarted', query: { institutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Institution/GettingStarted', query: { institutionId: String(r.otherInstitutionId) } }),
  },
  'GET Authentication/Account/Admin/GetAdminUsers': {
    own: (r) => ({ path: 'Account/Admin/GetAdminUsers', query: { institutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Account/Admin/GetAdminUsers', query: { institutionId: String(r.otherInstitutionId) } }),
  },
  'POST Course/Course/CreateUpdate': {
    own: (r) => ({ path: 'Course/CreateUpdate', body: basicSetup(r.ownDraftCourseId) }),
    other: (r) => ({ path: 'Course/CreateUpdate', body: basicSetup(r.otherDraftCourseId) }),
  },
  'POST Course/Course/Update/OtherDetails': {
    own: (r) => ({ path: 'Course/Update/OtherDetails', form: otherDetails(r.ownDraftCourseId, r.ownInstructor) }),
    other: (r) => ({ path: 'Course/Update/OtherDetails', form: otherDetails(r.otherDraftCourseId, r.otherInstructor) }),
  },
  'GET Course/Course/Update/Check/{id}': {
    own: (r) => ({ path: `Course/Update/Check/${r.ownDraftCourseId}` }),
    other: (r) => ({ path: `Course/Update/Check/${r.otherDraftCourseId}` }),
  },
  'GET Course/Course/Update/{id}': {
    own: (r) => ({ path: `Course/Update/${r.ownDraftCourseId}` }),
    other: (r) => ({ path: `Course/Update/${r.otherDraftCourseId}` }),
  },
  'POST Course/Course/Builder': {
    own: (r) => ({ path: 'Course/Builder', query: { SaveDraft: 'true' }, body: curriculum(r.ownDraftCourseId) }),
    other: (r) => ({ path: 'Course/Builder', query: { SaveDraft: 'true' }, body: curriculum(r.otherDraftCourseId) }),
  },
  'POST Course/Course/Pricing': {
    own: (r) => ({ path: 'Course/Pricing', body: { courseId: r.ownCompleteCourseIds.pop(), currencyId: 1, basePrice: 5000, vat: 0, gatewayCharge: 0 } }),
    other: (r) => ({ path: 'Course/Pricing', body: { courseId: r.otherCompleteCourseIds.pop(), currencyId: 1, basePrice: 5000, vat: 0, gatewayCharge: 0 } }),
  },
  'GET Course/Course/Builder/{id}': {
    own: (r) => ({ path: `Course/Builder/${r.ownDraftCourseId}` }),
    other: (r) => ({ path: `Course/Builder/${r.otherDraftCourseId}` }),
  },
  'GET Course/Course/AdminPreviewCourse/{id}': {
    own: (r) => ({ path: `Course/AdminPreviewCourse/${r.ownPreviewCourseId}` }),
    other: (r) => ({ path: `Course/AdminPreviewCourse/${r.otherPreviewCourseId}` }),
  },
  'POST Course/Course/Survey/Update': {
    own: (r) => ({ path: 'Course/Survey/Update', body: { courseId: r.ownSurveyCourseId, surveyId: r.activeSurveyId } }),
    other: (r) => ({ path: 'Course/Survey/Update', body: { courseId: r.otherSurveyCourseId, surveyId: r.activeSurveyId } }),
  },
  'POST Course/Course/UploadChunks': { own: (r) => chunk(r.ownInstitutionId), other: (r) => chunk(r.otherInstitutionId) },
  'POST ContentLibrary/FileManager/UploadMultipleFileFromLocal': { own: (r) => pdfUpload(r.ownInstitutionId), other: (r) => pdfUpload(r.otherInstitutionId) },
  'DELETE ContentLibrary/FileManager/DeleteFile': {
    own: (r) => ({ path: 'FileManager/DeleteFile', query: { fileId: String(r.ownLibraryFileIds.pop()) } }),
    other: (r) => ({ path: 'FileManager/DeleteFile', query: { fileId: String(r.otherLibraryFileIds.pop()) } }),
  },
  'GET ContentLibrary/FileManager/GetAllFilesByOwnerId': {
    own: (r) => ({ path: 'FileManager/GetAllFilesByOwnerId', query: { ownerId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'FileManager/GetAllFilesByOwnerId', query: { ownerId: String(r.otherInstitutionId) } }),
  },
  'GET Institution/Certificate/Partners': {
    own: (r) => ({ path: 'Certificate/Partners', query: { Id: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Certificate/Partners', query: { Id: String(r.otherInstitutionId) } }),
  },
  'GET Institution/Certificate/ViewSignatureAndName': {
    own: (r) => ({ path: 'Certificate/ViewSignatureAndName', query: { institutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Certificate/ViewSignatureAndName', query: { institutionId: String(r.otherInstitutionId) } }),
  },
  'POST Institution/Certificate/UploadSignatureAndName': {
    own: (r) => signatureUpload(r, r.ownInstitutionId),
    other: (r) => signatureUpload(r, r.otherInstitutionId),
  },
  'PUT Institution/Certificate/UpdateSignatureAndName': {
    own: (r) => ({ path: 'Certificate/UpdateSignatureAndName', query: { id: String(r.ownSignatureId), name: 'Matrix Signatory', jobTitle: 'Registrar' }, form: {} }),
    other: (r) => ({ path: 'Certificate/UpdateSignatureAndName', query: { id: String(r.otherSignatureId), name: 'Other Signatory', jobTitle: 'Dean' }, form: {} }),
  },
  'DELETE Institution/Certificate/ActivateDeactivate': {
    own: (r) => ({ path: 'Certificate/ActivateDeactivate', query: { id: String(r.ownSignatureId), isActive: 'false' } }),
    other: (r) => ({ path: 'Certificate/ActivateDeactivate', query: { id: String(r.otherSignatureId), isActive: 'false' } }),
  },
  'GET Workflow/Workflow/Partners': {
    own: (r) => ({ path: 'Workflow/Partners', query: { Id: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Workflow/Partners', query: { Id: String(r.otherInstitutionId) } }),
  },
  'GET Workflow/Workflow/GetWorkflowByInstitutionId': {
    own: (r) => ({ path: 'Workflow/GetWorkflowByInstitutionId', query: { institutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Workflow/GetWorkflowByInstitutionId', query: { institutionId: String(r.otherInstitutionId) } }),
  },
  'GET Workflow/Workflow/Search': {
    own: (r) => ({ path: 'Workflow/Search', query: { id: String(r.ownWorkflowId) } }),
    other: (r) => ({ path: 'Workflow/Search', query: { id: String(r.otherWorkflowId) } }),
  },
  'GET Workflow/Workflow/Approvers': {
    own: (r) => ({ path: 'Workflow/Approvers', query: { institutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Workflow/Approvers', query: { institutionId: String(r.otherInstitutionId) } }),
  },
  'POST Workflow/Workflow/Create': {
    own: (r) => ({ path: 'Workflow/Create', body: workflowBody(r.ownInstitutionId, r.workflowCategoryIds.pop()!, r.ownApproverId) }),
    other: (r) => ({ path: 'Workflow/Create', body: workflowBody(r.otherInstitutionId, r.workflowCategoryIds.pop()!, r.otherApproverId) }),
  },
  'PUT Workflow/Workflow/Update': {
    own: (r) => ({ path: 'Workflow/Update', body: { id: r.ownWorkflowId, ...workflowBody(r.ownInstitutionId, r.ownWorkflowCategoryId, r.ownApproverId) } }),
    other: (r) => ({ path: 'Workflow/Update', body: { id: r.otherWorkflowId, ...workflowBody(r.otherInstitutionId, r.otherWorkflowCategoryId, r.otherApproverId) } }),
  },
  'POST Workflow/Workflow/Activate': {
    own: (r) => ({ path: 'Workflow/Activate', query: { id: String(r.ownActivatableWorkflowIds.pop()) } }),
    other: (r) => ({ path: 'Workflow/Activate', query: { id: String(r.otherActivatableWorkflowIds.pop()) } }),
  },
  'POST Workflow/Workflow/Deactivate': {
    own: (r) => ({ path: 'Workflow/Deactivate', query: { id: String(r.ownDeactivatableWorkflowIds.pop()) } }),
    other: (r) => ({ path: 'Workflow/Deactivate', query: { id: String(r.otherDeactivatableWorkflowIds.pop()) } }),
  },
  'GET Course/Course/AwaitingCourseApproval': {
    own: (r) => ({ path: 'Course/AwaitingCourseApproval', query: { approvalstatus: '1', institutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Course/AwaitingCourseApproval', query: { approvalstatus: '1', institutionId: String(r.otherInstitutionId) } }),
  },
  'GET Course/Course/InstitutionApprovedCourses': {
    own: (r) => ({ path: 'Course/InstitutionApprovedCourses', query: { institutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Course/InstitutionApprovedCourses', query: { institutionId: String(r.otherInstitutionId) } }),
  },
  'GET Course/Course/InstitutionRejectedCourses': {
    own: (r) => ({ path: 'Course/InstitutionRejectedCourses', query: { institutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Course/InstitutionRejectedCourses', query: { institutionId: String(r.otherInstitutionId) } }),
  },
  'POST Workflow/CourseApproval/Pending/Search': {
    own: (r) => ({ path: 'CourseApproval/Pending/Search', body: { institutionId: r.ownInstitutionId } }),
    other: (r) => ({ path: 'CourseApproval/Pending/Search', body: { institutionId: r.otherInstitutionId } }),
  },
  // Rejecting needs no workflow level beyond approvecourse's implicit one, and no revenue. The
  // partner's review is its own staff's (decision 076): platform staff are refused at both.
  'POST Workflow/CourseApproval/Course/Approval': {
    own: (r) => ({ path: 'CourseApproval/Course/Approval', body: { courseId: r.ownPendingCourseIds.pop(), status: 3, comment: 'Matrix rejection' } }),
    other: (r) => ({ path: 'CourseApproval/Course/Approval', body: { courseId: r.otherPendingCourseIds.pop(), status: 3, comment: 'Matrix rejection' } }),
    ownStaffOnly: (_r, own) => partnerStaffOnly(own ? 'University of Lagos' : 'Lagos Business School'),
  },
  'GET Course/Course/List': {
    own: (r) => ({ path: 'Course/List', query: { institutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Course/List', query: { institutionId: String(r.otherInstitutionId) } }),
  },
  'GET Course/Course/ManageCourses': {
    own: (r) => ({ path: 'Course/ManageCourses', query: { draft: 'true', institutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Course/ManageCourses', query: { draft: 'true', institutionId: String(r.otherInstitutionId) } }),
  },
  'GET Course/Course/Manage/{courseId}': {
    own: (r) => ({ path: `Course/Manage/${r.ownDraftCourseId}` }),
    other: (r) => ({ path: `Course/Manage/${r.otherDraftCourseId}` }),
  },
  'GET Course/Course/Statistics/{courseId}': {
    own: (r) => ({ path: `Course/Statistics/${r.ownDraftCourseId}` }),
    other: (r) => ({ path: `Course/Statistics/${r.otherDraftCourseId}` }),
  },
  // Flips the draft fixtures' is_active, which nothing else in the matrix reads.
  'POST Course/Course/Toggle/{courseId}': {
    own: (r) => ({ path: `Course/Toggle/${r.ownDraftCourseId}` }),
    other: (r) => ({ path: `Course/Toggle/${r.otherDraftCourseId}` }),
  },
  'GET Course/Course/Revision/Changes/{id}': {
    own: (r) => ({ path: `Course/Revision/Changes/${r.ownRevisionCourseId}` }),
    other: (r) => ({ path: `Course/Revision/Changes/${r.otherRevisionCourseId}` }),
  },
  'POST Course/Course/Revision/{id}': {
    own: (r) => ({ path: `Course/Revision/${r.ownPublishedCourseId}` }),
    other: (r) => ({ path: `Course/Revision/${r.otherPublishedCourseId}` }),
  },
  'GET Report/Report/AuditTrail': {
    own: (r) => ({ path: 'Report/AuditTrail', query: { InstitutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Report/AuditTrail', query: { InstitutionId: String(r.otherInstitutionId) } }),
  },
  'GET Report/Report/GetCoursePayment': {
    exports: true,
    own: (r) => ({ path: 'Report/GetCoursePayment', query: { InstitutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Report/GetCoursePayment', query: { InstitutionId: String(r.otherInstitutionId) } }),
  },
  'GET Report/Report/GetCourseInsightsOverview': {
    own: (r) => ({ path: 'Report/GetCourseInsightsOverview', query: { InstitutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Report/GetCourseInsightsOverview', query: { InstitutionId: String(r.otherInstitutionId) } }),
  },
  'GET Report/Report/GetSurveyReport': {
    own: (r) => ({ path: 'Report/GetSurveyReport', query: { SurveyId: String(r.activeSurveyId), InstitutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Report/GetSurveyReport', query: { SurveyId: String(r.activeSurveyId), InstitutionId: String(r.otherInstitutionId) } }),
  },
  'GET Report/Report/GetSurveys': {
    own: (r) => ({ path: 'Report/GetSurveys', query: { InstitutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Report/GetSurveys', query: { InstitutionId: String(r.otherInstitutionId) } }),
  },
  'GET Report/Report/GetCoursePurchase': {
    own: (r) => ({ path: 'Report/GetCoursePurchase', query: { InstitutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Report/GetCoursePurchase', query: { InstitutionId: String(r.otherInstitutionId) } }),
  },
  // The dashboard (decision 052): another institution named is 403 for institution staff.
  'GET Course/Course/FetchMonthlyEnrollmentStatistics': {
    own: (r) => ({ path: 'Course/FetchMonthlyEnrollmentStatistics', query: { institutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Course/FetchMonthlyEnrollmentStatistics', query: { institutionId: String(r.otherInstitutionId) } }),
  },
  'GET Course/Course/GetInstitutionCourseStatistic': {
    own: (r) => ({ path: 'Course/GetInstitutionCourseStatistic', query: { institutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Course/GetInstitutionCourseStatistic', query: { institutionId: String(r.otherInstitutionId) } }),
  },
  'GET Course/Course/DashboardStats': {
    own: (r) => ({ path: 'Course/DashboardStats', query: { institutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Course/DashboardStats', query: { institutionId: String(r.otherInstitutionId) } }),
  },
  'GET Course/Course/UpdateHistory': {
    own: (r) => ({ path: 'Course/UpdateHistory', query: { courseId: String(r.ownDraftCourseId) } }),
    other: (r) => ({ path: 'Course/UpdateHistory', query: { courseId: String(r.otherDraftCourseId) } }),
  },
  'GET Report/Report/GetCourseInsights': {
    exports: true,
    own: (r) => ({ path: 'Report/GetCourseInsights', query: { InstitutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Report/GetCourseInsights', query: { InstitutionId: String(r.otherInstitutionId) } }),
  },
  'GET Report/Report/GetStudentEnrolled': {
    exports: true,
    own: (r) => ({ path: 'Report/GetStudentEnrolled', query: { CourseId: String(r.ownDraftCourseId) } }),
    other: (r) => ({ path: 'Report/GetStudentEnrolled', query: { CourseId: String(r.otherDraftCourseId) } }),
  },
  'GET Course/Instructor/Partners': {
    own: (r) => ({ path: 'Instructor/Partners', query: { Id: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Instructor/Partners', query: { Id: String(r.otherInstitutionId) } }),
  },
  'GET Course/Instructor/Search': {
    own: (r) => ({ path: 'Instructor/Search', query: { InstitutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Instructor/Search', query: { InstitutionId: String(r.otherInstitutionId) } }),
  },
  'POST Course/Instructor/Create': {
    own: (r) => ({ path: 'Instructor/Create', body: { institutionId: r.ownInstitutionId, name: instructorName() } }),
    other: (r) => ({ path: 'Instructor/Create', body: { institutionId: r.otherInstitutionId, name: instructorName() } }),
  },
  'PUT Course/Instructor/Update': {
    own: (r) => ({ path: 'Instructor/Update', body: { id: r.ownManagedInstructorId, name: instructorName() } }),
    other: (r) => ({ path: 'Instructor/Update', body: { id: r.otherManagedInstructorId, name: instructorName() } }),
  },
  'POST Course/Instructor/ActivateDeactivate': {
    own: (r) => ({ path: 'Instructor/ActivateDeactivate', query: { id: String(r.ownManagedInstructorId), isActive: 'false' } }),
    other: (r) => ({ path: 'Instructor/ActivateDeactivate', query: { id: String(r.otherManagedInstructorId), isActive: 'false' } }),
  },
  'GET Course/Instructor/List': {
    own: (r) => ({ path: 'Instructor/List', query: { InstitutionId: String(r.ownInstitutionId) } }),
    other: (r) => ({ path: 'Instructor/List', query: { InstitutionId: String(r.otherInstitutionId) } }),
  },
};

/**
 * Public endpoints whose own answer to a bare call is 401 (not the access gate's): refreshing
 * without that app's refresh cookie is refused by design, whoever calls.
 */
const BARE_CALL_ANSWERS_401 = new Set(['POST Authentication/Account/RefreshToken']);

/** The access gate's refusal (bind.ts); a handler's own record rule answers 403 with its reason. */
const GATE_REFUSAL = 'You do not have permission to do this.';

/** What is wrong with the declarations themselves; empty when every endpoint is declared fully. */
export function declarationProblems(endpoints: readonly Endpoint[], fixtures: Record<string, unknown> = CONFINEMENT_FIXTURES): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const e of endpoints) {
    const k = key(e);
    if (seen.has(k)) problems.push(`${k}: declared twice`);
    seen.add(k);
    const kind = (e.access as { kind?: unknown } | undefined)?.kind;
    if (kind !== 'public' && kind !== 'user' && kind !== 'staff') problems.push(`${k}: no access rule (PUBLIC, SIGNED_IN or staffWith(...))`);
    if (kind === 'staff' && e.method !== 'GET' && !e.audit) problems.push(`${k}: a mutating staff endpoint must declare audit: { module, action }`);
    if (e.confine && !(k in fixtures)) problems.push(`${k}: confined to the institution but has no CONFINEMENT_FIXTURES entry`);
    if (e.confine && kind !== 'staff') problems.push(`${k}: only staff endpoints are confined to an institution`);
  }
  for (const k of Object.keys(fixtures)) {
    if (!endpoints.some((e) => key(e) === k && e.confine)) problems.push(`${k}: has a confinement fixture but does not declare confine`);
  }
  return problems;
}

interface Who {
  name: string;
  roleId: number | null;
  roleType: number | null;
  permissions: readonly string[];
  browser: Browser;
}

type Expect = 'unauthenticated' | 'forbidden' | 'allowed';

function expected(e: Endpoint, who: Who): Expect {
  if (e.access.kind === 'public') return 'allowed';
  if (who.roleId === null) return 'unauthenticated';
  if (e.access.kind === 'user') return 'allowed';
  if (who.roleId === STUDENT_ROLE_ID) return 'forbidden';
  if (e.access.roleIds && !e.access.roleIds.includes(who.roleId)) return 'forbidden';
  return hasAnyPermission(who.permissions, ...e.access.anyOf) ? 'allowed' : 'forbidden';
}

function matches(want: Expect, status: number, description: string): boolean {
  if (want === 'unauthenticated') return status === 401;
  if (want === 'forbidden') return status === 403;
  // Let through the gate, a call may still meet the endpoint's record rule ('You are not enrolled
  // in this course' for a course id the caller has no part in): that is not a refusal of the caller.
  return status !== 401 && !(status === 403 && description === GATE_REFUSAL);
}

function bareCall(e: Endpoint): Call {
  // Path parameters get a well-formed id; the access gate runs before any validation anyway.
  return { path: e.path.replace(/\{\w+\}/g, '1'), body: e.method === 'GET' ? undefined : {} };
}

describe('the contract’s declarations', () => {
  it('gives every endpoint an access rule, every mutating staff endpoint an audit, every confined endpoint a fixture', () => {
    expect(declarationProblems(ALL_ENDPOINTS)).toEqual([]);
  });

  it('fails an endpoint added without a rule, a mutating staff endpoint without an audit, and a confined one without a fixture', () => {
    const base = { service: 'Institution', summary: 'test', data: {} } as unknown as Endpoint;
    const noRule = { ...base, method: 'GET', path: 'Test/NoRule' } as Endpoint;
    const noAudit = { ...base, method: 'POST', path: 'Test/NoAudit', access: { kind: 'staff', anyOf: ['manageinstitution'] } } as Endpoint;
    const audited = { ...noAudit, path: 'Test/Audited', audit: { module: 'Institution', action: 'Update' } } as Endpoint;
    const noFixture = { ...base, method: 'GET', path: 'Test/Confined', access: { kind: 'staff', anyOf: [] }, confine: 'institution' } as Endpoint;
    expect(declarationProblems([noRule, noAudit, audited, noFixture], {})).toEqual([
      'GET Institution/Test/NoRule: no access rule (PUBLIC, SIGNED_IN or staffWith(...))',
      'POST Institution/Test/NoAudit: a mutating staff endpoint must declare audit: { module, action }',
      'GET Institution/Test/Confined: confined to the institution but has no CONFINEMENT_FIXTURES entry',
    ]);
  });
});

describe.each(testDrivers())('the authorization matrix on %s', (driver) => {
  let app: TestApp;
  const callers: Who[] = [];
  let records: Records;
  const PASSWORD = 'Matrix#Staff2026';

  async function addStaff(userName: string, institutionId: number, roleId: number) {
    const db = app.database.db;
    const [user] = await db
      .insert(t.users)
      .values({ userName, email: `${userName}@matrix.ng`, firstName: userName, lastName: 'Staff', passwordHash: await hashPassword(PASSWORD), roleId, institutionId })
      .returning();
    await db.insert(t.staffProfiles).values({ userId: user!.id });
    return user!.id;
  }

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    const institution = async (where: ReturnType<typeof eq>) => (await db.select().from(t.institutions).where(where))[0]!.id;
    const platform = await institution(eq(t.institutions.isPlatform, true));
    const unilag = await institution(eq(t.institutions.code, 'UNILAG'));
    const lbs = await institution(eq(t.institutions.code, 'LBS'));

    callers.push({ name: 'anonymous', roleId: null, roleType: null, permissions: [], browser: new Browser(app) });
    const learner = new Browser(app);
    expect((await learner.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: DEMO_ACCOUNTS.learner.email, password: DEMO_ACCOUNTS.learner.password } })).status).toBe(200);
    callers.push({ name: 'learner', roleId: STUDENT_ROLE_ID, roleType: 0, permissions: [], browser: learner });

    // One staff member per seeded staff role; institution roles at UNILAG (LBS is "another institution").
    for (const role of ROLES.filter((r) => r.id !== STUDENT_ROLE_ID)) {
      const userName = `matrix.${role.name.toLowerCase().replace(/\W+/g, '-')}`;
      await addStaff(userName, isInstitutionScoped(role.roleType) ? unilag : platform, role.id);
      const browser = new Browser(app);
      const res = await browser.call(`${AUTH}/Account/Admin/SignIn`, { json: { userName, password: PASSWORD } });
      expect(res.status, `${role.name} signs in`).toBe(200);
      expect(res.body.data.isFirstLogin).toBeFalsy();
      callers.push({ name: role.name, roleId: role.id, roleType: role.roleType, permissions: role.permissions, browser });
    }
    const draftOf = async (institutionId: number) => {
      const [course] = await db
        .insert(t.courses)
        .values({ institutionId, courseCategoryId: 1, title: 'Matrix Draft', description: 'A draft course.', thumbnailUrl: '/media/demo/matrix-thumb.webp', bannerUrl: '/media/demo/matrix-banner.webp' })
        .returning();
      return course!.id;
    };
    const libraryFilesOf = async (institutionId: number) =>
      (
        await db
          .insert(t.libraryFiles)
          .values(Array.from({ length: 30 }, (_, i) => ({ institutionId, fileName: `matrix-${i}.mp4`, storageKey: `content:library/${institutionId}/matrix-${institutionId}-${i}.mp4`, fileType: 2, contentType: 'video/mp4', sizeBytes: 1 })))
          .returning({ id: t.libraryFiles.id })
      ).map((f) => f.id);
    // Everything Basic Setup, Additional Information and Build Curriculum leave behind, so Submit for Review is accepted.
    const completeCoursesOf = async (institutionId: number) => {
      const ids: number[] = [];
      for (let i = 0; i < 16; i++) {
        const course = await insertCourse(db, {
          institutionId, title: `Matrix Complete ${i}`, modules: 1, draft: true, approvalStatus: 1, publishDate: null, isPaid: true, stepNo: 4,
          headline: 'Matrix', overview: '<p>Overview</p>', objectives: '<p>Objectives</p>', effort: '2 to 4 hours per week', instructorName: 'Matrix Instructor', thumbnailUrl: '/t.webp', bannerUrl: '/b.webp',
        });
        ids.push(course.id);
      }
      return ids;
    };
    const surveyCourseOf = async (institutionId: number) =>
      (
        await insertCourse(db, {
          institutionId, title: 'Matrix Survey Step', modules: 1, draft: true, approvalStatus: 1, publishDate: null, isPaid: true, hasSurvey: true, stepNo: 4,
          headline: 'Matrix', overview: '<p>Overview</p>', objectives: '<p>Objectives</p>', effort: '2 to 4 hours per week', instructorName: 'Matrix Instructor', thumbnailUrl: '/t.webp', bannerUrl: '/b.webp',
        })
      ).id;
    const pendingCoursesOf = async (institutionId: number) => {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) ids.push((await insertCourse(db, { institutionId, title: `Matrix Pending ${i}`, modules: 1, draft: false, approvalStatus: 1, publishDate: null })).id);
      return ids;
    };
    const submittedRevisionOf = async (institutionId: number) => {
      const published = await insertCourse(db, { institutionId, title: 'Matrix Revised', modules: 1 });
      return (await insertCourse(db, { institutionId, title: 'Matrix Revised', modules: 1, revisionOfCourseId: published.id, draft: false, approvalStatus: 1, publishDate: null })).id;
    };
    const instructorOf = async (institutionId: number) => (await db.select().from(t.instructors).where(eq(t.instructors.institutionId, institutionId)).limit(1))[0]!.name;
    const managedInstructorOf = async (institutionId: number) => (await db.insert(t.instructors).values({ institutionId, name: `Matrix Managed ${institutionId}` }).returning())[0]!.id;
    // Each signatory upload adds an active one; start both partners with none, under the limit of 4.
    await db.update(t.certificateSignatures).set({ isActive: false });
    const signatoryOf = async (institutionId: number) =>
      (await db.insert(t.certificateSignatures).values({ institutionId, name: 'Matrix Signatory', jobTitle: 'Registrar', signatureUrl: null, isActive: false }).returning())[0]!.id;
    const signaturePng = new Uint8Array(await sharp({ create: { width: 40, height: 12, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer());
    // Workflows: categories of the matrix's own, so no seeded category gets an active workflow.
    const workflowCategories = (
      await db
        .insert(t.courseCategories)
        .values(Array.from({ length: 26 }, (_, i) => ({ name: `Matrix Workflow ${i}`, code: `MATRIX-WORKFLOW-${i}` })))
        .returning({ id: t.courseCategories.id })
    ).map((c) => c.id);
    const ownApproverId = await addStaff('matrix.unilag.approver', unilag, 14);
    const otherApproverId = await addStaff('matrix.lbs.approver', lbs, 14);
    const workflowOf = async (institutionId: number, courseCategoryId: number, userId: string, isActive = true) => {
      const [made] = await db.insert(t.approvalWorkflows).values({ institutionId, courseCategoryId, name: 'Matrix Workflow', isActive }).returning({ id: t.approvalWorkflows.id });
      const [level] = await db.insert(t.workflowLevels).values({ workflowId: made!.id, levelNo: 1, approvals: 1 }).returning({ id: t.workflowLevels.id });
      await db.insert(t.workflowLevelUsers).values({ levelId: level!.id, userId });
      return made!.id;
    };
    const [ownWorkflowCategoryId, otherWorkflowCategoryId, ...deactivatable] = workflowCategories.splice(0, 8) as [number, number, ...number[]];
    const activatable = workflowCategories.splice(0, 6);
    records = {
      ownApproverId,
      otherApproverId,
      workflowCategoryIds: workflowCategories,
      ownWorkflowId: await workflowOf(unilag, ownWorkflowCategoryId, ownApproverId),
      otherWorkflowId: await workflowOf(lbs, otherWorkflowCategoryId, otherApproverId),
      ownWorkflowCategoryId,
      otherWorkflowCategoryId,
      ownDeactivatableWorkflowIds: await Promise.all(deactivatable.map((c) => workflowOf(unilag, c, ownApproverId))),
      otherDeactivatableWorkflowIds: await Promise.all(deactivatable.map((c) => workflowOf(lbs, c, otherApproverId))),
      ownActivatableWorkflowIds: await Promise.all(activatable.map((c) => workflowOf(unilag, c, ownApproverId, false))),
      otherActivatableWorkflowIds: await Promise.all(activatable.map((c) => workflowOf(lbs, c, otherApproverId, false))),
      ownSignatureId: await signatoryOf(unilag),
      otherSignatureId: await signatoryOf(lbs),
      signaturePng,
      ownStaffUserId: await addStaff('matrix.unilag.colleague', unilag, 15),
      otherStaffUserId: await addStaff('matrix.lbs.admin', lbs, 14),
      ownInstitutionId: unilag,
      otherInstitutionId: lbs,
      ownDraftCourseId: await draftOf(unilag),
      otherDraftCourseId: await draftOf(lbs),
      ownPublishedCourseId: (await insertCourse(db, { institutionId: unilag, title: 'Matrix Published', modules: 1 })).id,
      otherPublishedCourseId: (await insertCourse(db, { institutionId: lbs, title: 'Matrix Published', modules: 1 })).id,
      ownRevisionCourseId: await submittedRevisionOf(unilag),
      otherRevisionCourseId: await submittedRevisionOf(lbs),
      ownInstructor: await instructorOf(unilag),
      otherInstructor: await instructorOf(lbs),
      ownManagedInstructorId: await managedInstructorOf(unilag),
      otherManagedInstructorId: await managedInstructorOf(lbs),
      ownLibraryFileIds: await libraryFilesOf(unilag),
      otherLibraryFileIds: await libraryFilesOf(lbs),
      ownCompleteCourseIds: await completeCoursesOf(unilag),
      otherCompleteCourseIds: await completeCoursesOf(lbs),
      ownPreviewCourseId: (await insertCourse(db, { institutionId: unilag, title: 'Matrix Preview', modules: 1, draft: true, approvalStatus: 1, publishDate: null })).id,
      otherPreviewCourseId: (await insertCourse(db, { institutionId: lbs, title: 'Matrix Preview', modules: 1, draft: true, approvalStatus: 1, publishDate: null })).id,
      ownSurveyCourseId: await surveyCourseOf(unilag),
      otherSurveyCourseId: await surveyCourseOf(lbs),
      ownPendingCourseIds: await pendingCoursesOf(unilag),
      otherPendingCourseIds: await pendingCoursesOf(lbs),
      activeSurveyId: (await db.select().from(t.surveys).where(and(eq(t.surveys.isActive, true), eq(t.surveys.draft, false))).limit(1))[0]!.id,
    };
  });
  afterAll(() => app?.close());

  async function send(e: Endpoint, who: Who, call: Call) {
    const query = call.query ? `?${new URLSearchParams(call.query)}` : '';
    const url = `${endpointUrl({ service: e.service, path: call.path })}${query}`;
    let form: FormData | undefined;
    if (call.form) {
      form = new FormData();
      for (const [name, value] of Object.entries(call.form)) form.append(name, value);
      for (const file of call.files ?? []) form.append(file.field, new Blob([file.bytes]), file.name);
    }
    const res = await who.browser.call(url, { method: e.method, json: call.body, form, raw: call.raw });
    return res;
  }

  it.each(ALL_ENDPOINTS.map((e) => [key(e), e] as const))('%s answers every caller as declared', async (_name, e) => {
    const wrong: string[] = [];
    for (const who of callers) {
      const want = expected(e, who);
      const res = await send(e, who, bareCall(e));
      if (res.status === 404 && res.body.description.startsWith('No such endpoint')) wrong.push(`${who.name}: the endpoint is not bound`);
      else if (want === 'allowed' && res.status === 401 && BARE_CALL_ANSWERS_401.has(key(e))) continue;
      else if (!matches(want, res.status, res.body.description)) wrong.push(`${who.name}: expected ${want}, got ${res.status} ${res.body.description}`);
    }
    expect(wrong).toEqual([]);
  });

  const confined = ALL_ENDPOINTS.filter((e) => e.confine);
  it.each(confined.map((e) => [key(e), e] as const))('%s keeps institution staff to their own institution', async (name, e) => {
    const fixture = CONFINEMENT_FIXTURES[name]!;
    const wrong: string[] = [];
    for (const who of callers.filter((w) => expected(e, w) === 'allowed')) {
      const own = await send(e, who, fixture.own(records));
      const other = await send(e, who, fixture.other(records));
      if (fixture.anyOf && !hasAnyPermission(who.permissions, ...fixture.anyOf)) {
        if (own.status !== 403 || other.status !== 403) wrong.push(`${who.name} lacks ${fixture.anyOf.join('/')}: expected 403 for both, got ${own.status} and ${other.status}`);
        continue;
      }
      const scoped = isInstitutionScoped(who.roleType ?? 0);
      if (fixture.ownStaffOnly && !scoped) {
        for (const [res, mine] of [[own, true], [other, false]] as const) {
          const refusal = fixture.ownStaffOnly(records, mine);
          if (res.status !== 403 || res.body.description !== refusal) wrong.push(`${who.name} (platform): expected 403 “${refusal}”, got ${res.status} ${res.body.description}`);
        }
        continue;
      }
      if (own.status !== 200) wrong.push(`${who.name}, own institution: expected 200, got ${own.status} ${own.body.description}`);
      if (scoped && other.status !== 403 && other.status !== 404) wrong.push(`${who.name}, other institution: expected 403 or 404, got ${other.status}`);
      if (!scoped && other.status !== 200) wrong.push(`${who.name} (platform), other institution: expected 200, got ${other.status} ${other.body.description}`);
      if (fixture.exports) {
        const exported = (call: Call): Call => ({ ...call, query: { ...call.query, Export: 'true', Page: '1', PageSize: '1000000' } });
        const ownFile = await send(e, who, exported(fixture.own(records)));
        const otherFile = await send(e, who, exported(fixture.other(records)));
        if (ownFile.status !== 200 || !ownFile.body.data?.file) wrong.push(`${who.name}, own institution's export: expected 200 with a file, got ${ownFile.status}`);
        if (scoped && otherFile.status !== 403 && otherFile.status !== 404) wrong.push(`${who.name}, other institution's export: expected 403 or 404, got ${otherFile.status}`);
        if (!scoped && otherFile.status !== 200) wrong.push(`${who.name} (platform), other institution's export: expected 200, got ${otherFile.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  // Separation of duties (decision 076), for every role the gate lets approve: a course the caller
  // created or last edited is refused at its partner level and at QA, whatever else they may do.
  it('refuses every reviewer a course they created or last edited, at the partner level and at QA', async () => {
    const db = app.database.db;
    const unilag = records.ownInstitutionId;
    const wrong: string[] = [];
    for (const who of callers.filter((w) => w.roleId !== null && w.roleId !== STUDENT_ROLE_ID)) {
      const [user] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.userName, `matrix.${who.name.toLowerCase().replace(/\W+/g, '-')}`));
      const calls: [string, number, string, Record<string, unknown>][] = [];
      if (hasAnyPermission(who.permissions, 'approvecourse') && isInstitutionScoped(who.roleType ?? 0)) calls.push(['CourseApproval/Course/Approval', 1, 'createdByUserId', { status: 2 }]);
      if (hasAnyPermission(who.permissions, 'manageCourseQA')) calls.push(['CourseApproval/QA/QACourseApproval', 4, 'editedByUserId', { approvalStatus: 2, revenueId: 1 }]);
      for (const [path, approvalStatus, column, body] of calls) {
        const course = await insertCourse(db, { institutionId: unilag, title: `Matrix Own ${who.name}`, modules: 1, draft: false, approvalStatus, publishDate: null, [column]: user!.id });
        const res = await who.browser.call(`/api/Workflow/${path}`, { json: { courseId: course.id, comment: '', ...body } });
        if (res.status !== 403 || res.body.description !== LIFECYCLE_MESSAGES.ownCourse) wrong.push(`${who.name} ${path}: expected 403 “${LIFECYCLE_MESSAGES.ownCourse}”, got ${res.status} ${res.body.description}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
