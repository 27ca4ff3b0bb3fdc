// What an update of a published course changes (issue 28 §3; decisions 048 and 078): the revision
// compared with the course learners have now, for the reviewers who decide on it and the authors
// who wrote it. Modules, sections and content items of a revision name their originals
// (`origin_id`), so "edited" means the same section with other words or content, never a guess
// from titles.
import * as v from 'valibot';
import { defineEndpoint, staffWith } from './contract';
import { COURSE_READERS } from './course-authoring';
import { pathId } from './fields';

export const REVISION_CHANGES_MESSAGES = {
  notARevision: 'This course is not an update of a published course',
} as const;

/** The course's own fields a revision may change, as the wizard labels them, in the wizard's order. */
export const REVISION_FIELDS = [
  { field: 'title', label: 'Title' },
  { field: 'description', label: 'Description' },
  { field: 'category', label: 'Course Category' },
  { field: 'courseType', label: 'Course Type' },
  { field: 'startDate', label: 'Start Date' },
  { field: 'headline', label: 'Course Headline' },
  { field: 'overview', label: 'Course Overview' },
  { field: 'level', label: 'Course Level' },
  { field: 'language', label: 'Language' },
  { field: 'objectives', label: 'Course Objectives' },
  { field: 'effort', label: 'Course Effort' },
  { field: 'instructor', label: 'Instructor Name' },
  { field: 'survey', label: 'End of course Survey' },
  { field: 'promote', label: 'Promote Course' },
] as const;
export type RevisionField = (typeof REVISION_FIELDS)[number]['field'];

/** Rich text fields: their values are sanitised HTML, as stored and as learners see them. */
export const RICH_TEXT_FIELDS: readonly RevisionField[] = ['overview', 'objectives'];

export const REVISION_PICTURES = [
  { picture: 'thumbnail', label: 'Course thumbnail' },
  { picture: 'banner', label: 'Course banner' },
  { picture: 'promoVideo', label: 'Promotional video' },
] as const;

const priceSchema = v.object({
  isPaid: v.boolean(),
  /** Naira, as Pricing stored them. */
  basePrice: v.number(),
  vat: v.number(),
  gatewayCharge: v.number(),
  coursePrice: v.number(),
});
export type RevisionPrice = v.InferOutput<typeof priceSchema>;

const contentChangeSchema = v.object({
  /** added, removed, edited (title, text or quiz), replaced (another media file or content type). */
  change: v.picklist(['added', 'removed', 'edited', 'replaced']),
  /** The content type code (spec §3: 0 audio, 1 image, 2 video, 3 article, 4 quiz, 5 compressed video). */
  assetType: v.number(),
  title: v.string(),
});

export const revisionChangesSchema = v.object({
  /** The revision reviewed. */
  courseId: v.number(),
  /** The published course it replaces when approved. */
  publishedCourseId: v.number(),
  /** Only the fields that differ; before is the published value, after the revision's (null: empty). */
  fields: v.array(
    v.object({
      field: v.picklist(REVISION_FIELDS.map((f) => f.field)),
      label: v.string(),
      before: v.nullable(v.string()),
      after: v.nullable(v.string()),
    }),
  ),
  /** Null when Pricing (paid or free, and every figure) is unchanged. */
  price: v.nullable(v.object({ before: priceSchema, after: priceSchema })),
  /** Pictures and the promotional video that differ: their public addresses (null: none). */
  pictures: v.array(
    v.object({
      picture: v.picklist(REVISION_PICTURES.map((p) => p.picture)),
      label: v.string(),
      before: v.nullable(v.string()),
      after: v.nullable(v.string()),
    }),
  ),
  modules: v.array(
    v.object({
      change: v.picklist(['added', 'removed', 'renamed']),
      title: v.string(),
      /** The published title of a renamed module. */
      previousTitle: v.nullable(v.string()),
    }),
  ),
  sections: v.array(
    v.object({
      change: v.picklist(['added', 'removed', 'edited']),
      /** The module it is in (in the revision; in the published course for a removed one). */
      module: v.string(),
      title: v.string(),
      /** The published title, when the title changed. */
      previousTitle: v.nullable(v.string()),
      /** The published module's title, when the section moved to another module. */
      previousModule: v.nullable(v.string()),
      /** What changed in its content (an added or removed section lists none). */
      contents: v.array(contentChangeSchema),
    }),
  ),
});
export type RevisionChanges = v.InferOutput<typeof revisionChangesSchema>;

export const revisionChanges = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/Revision/Changes/{id}',
  summary: 'What an update of a published course changes: the revision compared with the published course',
  description:
    'Designed here (decision 078). `id` is the revision (Course/Revision’s answer). Lists only what differs from the published course learners have now: the course’s text fields, Pricing, the thumbnail, banner and promotional video, modules added, removed or renamed, and sections added, removed or edited (title, module, or their content items added, removed, edited or replaced). Nothing changed answers empty lists. For the course’s authors and its reviewers (approve, manage QA or view QA); a reviewer who does not author courses reads a revision once it is submitted. Institution staff read only their own partner’s revisions (404 for another’s, as for a missing one). 404 “This course is not an update of a published course” for any other course.',
  access: staffWith(...COURSE_READERS),
  confine: 'institution',
  params: v.object({ id: pathId('id') }),
  data: revisionChangesSchema,
  errors: [400, 401, 403, 404],
});
