// Every generated SVG of the demo catalogue with its URL: what generate-demo-media.ts writes and
// what the catalogue test compares with the committed files.
import { DEMO_PARTNERS } from '../seed';
import { catalogueCourses } from './catalogue';
import type { PartnerCode } from './course-seed';
import { bannerSvg, courseMedia, keyPointsSvg, logoSvg, partnerBannerSvg, partnerMedia, thumbnailSvg } from './media';

export function demoImages(): { url: string; svg: string }[] {
  const courses = catalogueCourses().flatMap(({ course, category }) => {
    const partner = DEMO_PARTNERS.find((p) => p.code === course.partner);
    if (!partner) throw new Error(`No demo partner ${course.partner}`);
    const input = { course, category, partnerName: partner.fullName };
    const media = courseMedia(course.slug);
    return [
      { url: media.thumbnail, svg: thumbnailSvg(input) },
      { url: media.banner, svg: bannerSvg(input) },
      { url: media.keyPoints, svg: keyPointsSvg(input, course.objectives) },
    ];
  });
  const partners = DEMO_PARTNERS.flatMap((p) => {
    const code = p.code as PartnerCode;
    const media = partnerMedia(code);
    return [
      { url: media.logoUrl, svg: logoSvg(code) },
      { url: media.bannerUrl, svg: partnerBannerSvg(code, p.fullName) },
    ];
  });
  return [...courses, ...partners];
}
