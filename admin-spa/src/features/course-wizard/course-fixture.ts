// A course draft as Course/Update/{id} returns it, for the wizard's component tests: a complete
// paid course at the step given; each test patches what its story needs.
import type { CourseDraft } from '@rivet/shared/api/course-authoring';

export const courseDraft = (patch: Partial<CourseDraft> = {}): CourseDraft => ({
  courseId: 41,
  title: 'Spreadsheets for Small Business',
  description: 'Keep your books.',
  courseCategoryId: 3,
  courseCategoryName: 'Digital Skills',
  courseType: 1,
  courseTypeName: 'Self Paced',
  startDate: '2026-12-01',
  institutionId: 7,
  institution: 'LBS',
  isPaid: true,
  hasSurvey: false,
  headLine: 'Books',
  overView: '<p>Overview</p>',
  courseLevel: 1,
  courseLevelName: 'Beginner',
  languageId: 1,
  objectives: '<p>Objectives</p>',
  effort: '2 to 4 hours per week',
  instructorName: 'Adaeze Nwosu',
  courseThumbNailUrl: '/media/courses/a.webp',
  courseBannerUrl: '/media/courses/b.webp',
  promote: false,
  approvalStatus: 1,
  draft: true,
  stepNo: 3,
  ...patch,
});
