// Course-shaped test data in the contract's shapes (shared/api/course.ts).
import type { CourseDetail, CourseSummary } from '@rivet/shared/api/course';
import { envelope } from './render-app';

export function courseSummary(patch: Partial<CourseSummary> = {}): CourseSummary {
  return {
    courseId: 1,
    title: 'Excel for Small Business',
    description: 'Budgets, stock and sales in spreadsheets.',
    headLine: null,
    institution: 'Lagos Business School',
    institutionId: 7,
    institutionLogo: '/media/demo/lbs.png',
    courseCategoryId: 2,
    courseCategoryName: 'Digital Skills',
    courseLevel: 1,
    courseLevelName: 'Beginner',
    languageId: 1,
    language: 'English',
    courseTypeName: 'Self',
    courseThumbNailUrl: '/media/demo/excel.jpg',
    coursePrice: { amount: 0, basePrice: 0, vat: 0, gatewayCharge: 0, currencyId: 1 },
    isPaid: false,
    modules: 3,
    duration: 585,
    effort: '2 hours a week',
    promote: false,
    publishDate: '2026-01-10T00:00:00.000Z',
    ...patch,
  };
}

export function courseDetail(patch: Partial<CourseDetail> = {}): CourseDetail {
  return {
    ...courseSummary(),
    overView: '<p>Run your shop’s numbers with confidence.</p><script>window.hacked = true</script>',
    objectives: '<ul><li>Build a monthly budget</li><li onclick="alert(1)">Track stock</li></ul>',
    instructorName: 'Ada Obi',
    courseBannerUrl: '/media/demo/excel-banner.jpg',
    coursePromotionalVideoUrl: '/media/demo/excel-promo.mp4',
    institutionEmail: 'courses@lbs.example.ng',
    institutionCode: 'LBS',
    institutionOverview: 'Lagos Business School teaches managers across West Africa.',
    startDate: '2026-02-01T00:00:00.000Z',
    courseModules: [
      {
        courseModuleId: 11,
        title: 'Getting started',
        items: [
          { courseModuleItemId: 111, title: 'Welcome', courseModuleItemAssets: [{ assetType: 'video', title: 'Welcome', duration: 185, durationDisplay: '3:05' }] },
          { courseModuleItemId: 112, title: 'Check yourself', courseModuleItemAssets: [{ assetType: 'quiz', title: 'Quiz', duration: null, durationDisplay: null }] },
        ],
      },
    ],
    ...patch,
  };
}

export function page(items: CourseSummary[], totalRows = items.length, pageNumber = 1, pageSize = 50) {
  return envelope({ items, totalRows, page: pageNumber, pageSize });
}
