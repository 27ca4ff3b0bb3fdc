// Institution service: Getting started (issue 28; docs/decisions/079). Not in the spec: what a
// partner still lacks before its first course can be published — an instructor, a certificate
// signatory, someone to approve (a workflow, or the default single approval), settlement details and
// a revenue formula naming it — read from the database in one call. The partner admin's dashboard
// shows it until everything is done; QA's review reads it to say when a partner has no signatory.
import * as v from 'valibot';
import { SETUP_ITEMS } from '../domain/getting-started';
import { defineEndpoint, staffWith } from './contract';
import { MAX_ID, optionalQueryInt } from './fields';

export const GETTING_STARTED_MESSAGES = {
  partnerRequired: 'Choose a partner: institutionId is required for platform staff',
  partnerNotFound: 'Partner not found',
} as const;

export const gettingStartedSchema = v.object({
  institutionId: v.number(),
  /** The partner's full name. */
  institutionName: v.string(),
  isActive: v.boolean(),
  /** Courses approved by QA and published (live or not). */
  publishedCourses: v.number(),
  /** Every item done: the console hides the panel. */
  complete: v.boolean(),
  items: v.array(v.object({ key: v.picklist(SETUP_ITEMS), done: v.boolean() })),
  instructors: v.number(),
  signatories: v.number(),
  /** The platform's own active signatories: they sign this partner's certificates while it has none. */
  platformSignatories: v.number(),
  /** The platform's full name, printed on certificates when nobody else signs. */
  platformName: v.string(),
  approvers: v.number(),
  workflows: v.number(),
  stuckWorkflows: v.array(v.string()),
  settlement: v.boolean(),
  /** The bank on the partner's record, if any (the account number is not repeated here). */
  bankName: v.nullable(v.string()),
  revenueFormulas: v.number(),
});
export type GettingStarted = v.InferOutput<typeof gettingStartedSchema>;

export const gettingStarted = defineEndpoint({
  service: 'Institution',
  method: 'GET',
  path: 'Institution/GettingStarted',
  summary: 'Getting started: what a partner still needs before its first course can be published',
  description:
    'Designed here (the spec has no such call). Institution staff get their own partner (naming another is 403); platform staff name the partner with institutionId (400 without it, 404 for an unknown one or the platform itself). items: instructor (an active instructor), signatory (an active certificate signatory of the partner’s own), approval (at least one active staff member whose role holds approvecourse, and no active workflow with a level too few of its users can still clear; with no workflow a course is reviewed once by any approver), settlement (a bank and account number on the partner’s record), revenueFormula (an active revenue formula naming the partner).',
  access: staffWith(),
  confine: 'institution',
  query: v.object({ institutionId: optionalQueryInt('institutionId', 1, MAX_ID) }),
  data: gettingStartedSchema,
  errors: [400, 401, 403, 404],
});
