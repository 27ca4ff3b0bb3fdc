// The demo catalogue's media and the SVG artwork itself. What the catalogue shows (thumbnails,
// banners, partner artwork, promotional videos) lives in server/media/demo, served publicly at
// /media/demo/...; lesson content (lesson videos with their HLS ladders, the lesson package,
// key-point images) lives in server/media/content/demo and is stored as a storage key
// (`content:demo/...`) that only signed, per-learner URLs reach (server/src/media/).
// server/scripts/generate-demo-media.ts writes the files, which are committed; the seed only
// stores their addresses, so nothing is generated at run time.
import type { CategoryCode, CourseSeed, PartnerCode } from './course-seed';

export const MEDIA_URL = '/media/demo';
/** Storage-key prefix of the demo's lesson content (see server/src/media/content-store.ts). */
export const CONTENT_KEY = 'content:demo';

export const courseMedia = (slug: string) => ({
  thumbnail: `${MEDIA_URL}/thumbnails/${slug}.svg`,
  banner: `${MEDIA_URL}/banners/${slug}.svg`,
  keyPoints: `${CONTENT_KEY}/images/${slug}.svg`,
});

export const partnerMedia = (code: PartnerCode) => ({
  logoUrl: `${MEDIA_URL}/partners/${code.toLowerCase()}-logo.svg`,
  thumbnailUrl: `${MEDIA_URL}/partners/${code.toLowerCase()}-logo.svg`,
  bannerUrl: `${MEDIA_URL}/partners/${code.toLowerCase()}-banner.svg`,
  certificateLogoUrl: `${MEDIA_URL}/partners/${code.toLowerCase()}-logo.svg`,
});

export interface DemoVideo {
  file: string;
  title: string;
  subtitle: string;
  seconds: number;
  /** Gradient colours the generator animates between. */
  colors: [string, string];
  tone: number;
}

const LESSON_INTRODUCTION: DemoVideo = { file: 'videos/lesson-introduction.mp4', title: 'Lesson: Introduction', subtitle: 'Sample lesson video', seconds: 12, colors: ['0c4a6e', '065f46'], tone: 262 };
const LESSON_WALKTHROUGH: DemoVideo = { file: 'videos/lesson-walkthrough.mp4', title: 'Lesson: Walkthrough', subtitle: 'Sample lesson video', seconds: 12, colors: ['312e81', '7c2d12'], tone: 349 };

/** Short, low-resolution sample videos (426x240, H.264 baseline, AAC mono), each under 300 KB; lesson videos have an HLS ladder beside them. */
export const DEMO_VIDEOS = {
  promo: {
    PRODUCTIVITY: { file: 'videos/promo-productivity.mp4', title: 'Productivity', subtitle: 'Work smarter with Rivet', seconds: 10, colors: ['0f766e', '1e3a8a'], tone: 330 },
    'DIGITAL-SKILLS': { file: 'videos/promo-digital-skills.mp4', title: 'Digital Skills', subtitle: 'Build skills for the digital economy', seconds: 10, colors: ['1e3a8a', '6d28d9'], tone: 392 },
    'LEADERSHIP-BUSINESS-MANAGEMENT': { file: 'videos/promo-leadership.mp4', title: 'Leadership and Business', subtitle: 'Lead teams, grow businesses', seconds: 10, colors: ['9a3412', '831843'], tone: 294 },
  } satisfies Record<CategoryCode, DemoVideo>,
  lessons: [LESSON_INTRODUCTION, LESSON_WALKTHROUGH],
};

/** A zipped HTML lesson that plays a bundled video (asset type 5, compressed video). */
export const DEMO_PACKAGE = { file: 'packages/lesson-package.zip', video: LESSON_WALKTHROUGH, seconds: LESSON_WALKTHROUGH.seconds };

export const mediaUrl = (file: string) => `${MEDIA_URL}/${file}`;
/** Lesson content: a storage key, not an address. */
export const contentKey = (file: string) => `${CONTENT_KEY}/${file}`;

const PALETTES: Record<CategoryCode, [string, string][]> = {
  PRODUCTIVITY: [['#0f766e', '#14b8a6'], ['#065f46', '#34d399'], ['#115e59', '#0ea5e9'], ['#166534', '#84cc16']],
  'DIGITAL-SKILLS': [['#1e3a8a', '#3b82f6'], ['#4c1d95', '#8b5cf6'], ['#0c4a6e', '#06b6d4'], ['#312e81', '#ec4899']],
  'LEADERSHIP-BUSINESS-MANAGEMENT': [['#9a3412', '#f59e0b'], ['#7c2d12', '#ef4444'], ['#831843', '#f97316'], ['#713f12', '#eab308']],
};

const PARTNER_COLORS: Record<PartnerCode, [string, string]> = {
  UNILAG: ['#0b3d91', '#d4a017'],
  LBS: ['#7a1f2b', '#c9a227'],
  ABU: ['#0b6e4f', '#8bc34a'],
  TECHHUB: ['#6b21a8', '#22d3ee'],
};

export const LEVEL_NAMES = { 1: 'Beginner', 2: 'Intermediate', 3: 'Advanced' } as const;

const FONT = "font-family=\"Inter,Roboto,'Helvetica Neue',Arial,sans-serif\"";

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return h;
}

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Greedy word wrap by character count; good enough for titles in a known font size. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/\s*\S*$/, '')}…`;
    return kept;
  }
  return lines;
}

const textLines = (lines: string[], x: number, y: number, lineHeight: number, attrs: string) =>
  `<text x="${x}" y="${y}" ${attrs}>${lines.map((l, i) => `<tspan x="${x}" dy="${i ? lineHeight : 0}">${escapeXml(l)}</tspan>`).join('')}</text>`;

/** A category's motif, drawn in a 300x300 box in translucent white. */
function motif(category: CategoryCode): string {
  const s = 'fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"';
  switch (category) {
    case 'PRODUCTIVITY':
      return `<g ${s}><rect x="30" y="20" width="190" height="250" rx="22"/><path d="M70 90l20 20 36-40M70 170l20 20 36-40"/><path d="M150 100h40M150 180h40"/><circle cx="230" cy="220" r="62" fill="rgba(0,0,0,.15)"/><path d="M230 185v38l24 14"/></g>`;
    case 'DIGITAL-SKILLS':
      return `<g ${s}><rect x="40" y="40" width="230" height="150" rx="14"/><path d="M15 230h280"/><path d="M120 90l-30 25 30 25M190 90l30 25-30 25M165 80l-20 70"/></g>`;
    default:
      return `<g ${s}><path d="M30 270h250"/><rect x="50" y="180" width="40" height="80" rx="6"/><rect x="120" y="130" width="40" height="130" rx="6"/><rect x="190" y="80" width="40" height="180" rx="6"/><path d="M40 120L130 60l50 30 90-70M230 20h40v40"/></g>`;
  }
}

function decorations(seed: number, width: number, height: number): string {
  const circles = [0, 1, 2].map((i) => {
    const v = (seed >>> (i * 8)) & 0xff;
    const r = Math.round(height * (0.18 + (v % 5) * 0.06));
    const cx = Math.round(width * (0.35 + ((v * 7) % 60) / 100));
    const cy = Math.round(height * (((v * 13) % 100) / 100));
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="${(0.05 + i * 0.03).toFixed(2)}"/>`;
  });
  return circles.join('');
}

interface ArtInput {
  course: Pick<CourseSeed, 'slug' | 'title' | 'level' | 'language'>;
  category: CategoryCode;
  partnerName: string;
}

function gradient(id: string, [from, to]: [string, string]) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

const paletteFor = (category: CategoryCode, slug: string) => {
  const palettes = PALETTES[category];
  return palettes[hash(slug) % palettes.length]!;
};

/** Course card image, 1125x796. */
export function thumbnailSvg({ course, category, partnerName }: ArtInput): string {
  const seed = hash(course.slug);
  const long = course.title.length > 44;
  const lines = wrap(course.title, long ? 26 : 21, 3);
  const size = long ? 60 : 72;
  const top = 796 - 110 - (lines.length - 1) * size * 1.15;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1125" height="796" viewBox="0 0 1125 796">`,
    `<defs>${gradient('g', paletteFor(category, course.slug))}</defs>`,
    `<rect width="1125" height="796" fill="url(#g)"/>`,
    decorations(seed, 1125, 796),
    `<g transform="translate(760 70)" opacity=".85">${motif(category)}</g>`,
    `<rect x="70" y="70" width="${Math.round(partnerName.length * 16.5) + 56}" height="60" rx="30" fill="#fff" opacity=".92"/>`,
    `<text x="98" y="111" ${FONT} font-size="30" font-weight="700" fill="#111827">${escapeXml(partnerName)}</text>`,
    textLines(lines, 70, top, size * 1.15, `${FONT} font-size="${size}" font-weight="800" fill="#fff"`),
    `<text x="70" y="740" ${FONT} font-size="30" fill="#fff" opacity=".9">${escapeXml(`${LEVEL_NAMES[course.level]} · ${course.language}`)}</text>`,
    `</svg>`,
  ].join('\n');
}

/** Course detail banner, 1024x498. */
export function bannerSvg({ course, category, partnerName }: ArtInput): string {
  const seed = hash(`${course.slug}/banner`);
  const lines = wrap(course.title, 24, 3);
  const size = 50;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="498" viewBox="0 0 1024 498">`,
    `<defs>${gradient('g', paletteFor(category, course.slug))}</defs>`,
    `<rect width="1024" height="498" fill="url(#g)"/>`,
    decorations(seed, 1024, 498),
    `<g transform="translate(690 110) scale(.95)" opacity=".85">${motif(category)}</g>`,
    `<text x="64" y="110" ${FONT} font-size="26" font-weight="700" fill="#fff" opacity=".9" letter-spacing="2">${escapeXml(partnerName.toUpperCase())}</text>`,
    textLines(lines, 64, 190, size * 1.15, `${FONT} font-size="${size}" font-weight="800" fill="#fff"`),
    `<rect x="64" y="400" width="120" height="8" rx="4" fill="#fff" opacity=".8"/>`,
    `<text x="64" y="450" ${FONT} font-size="24" fill="#fff" opacity=".9">${escapeXml(`${LEVEL_NAMES[course.level]} · ${course.language}`)}</text>`,
    `</svg>`,
  ].join('\n');
}

/**
 * What keyPointsSvg draws, in words: the image lessons' alt text (decision 093). It says what a
 * sighted learner reads on the picture, the course's first four objectives, numbered.
 */
export function keyPointsAlt(courseTitle: string, objectives: string[]): string {
  const points = objectives.slice(0, 4).map((objective, i) => `${i + 1}. ${objective}`);
  return `Key points of ${courseTitle}: ${points.join(' ')}`.slice(0, 500);
}

/** A "key points" illustration used as the image content of a section, 800x600. */
export function keyPointsSvg({ course, category }: ArtInput, objectives: string[]): string {
  const [from, to] = paletteFor(category, course.slug);
  let y = 200;
  const items = objectives.slice(0, 4).map((objective, i) => {
    const lines = wrap(objective, 46, 2);
    const block = [
      `<circle cx="84" cy="${y - 9}" r="22" fill="${from}"/>`,
      `<text x="84" y="${y}" ${FONT} font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${i + 1}</text>`,
      textLines(lines, 130, y, 32, `${FONT} font-size="25" fill="#1f2937"`),
    ].join('');
    y += 44 + lines.length * 34;
    return block;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">`,
    `<defs>${gradient('g', [from, to])}</defs>`,
    `<rect width="800" height="600" fill="#f8fafc"/>`,
    `<rect width="800" height="120" fill="url(#g)"/>`,
    `<text x="48" y="55" ${FONT} font-size="22" font-weight="700" fill="#fff" opacity=".85" letter-spacing="2">KEY POINTS</text>`,
    textLines(wrap(course.title, 48, 1), 48, 96, 30, `${FONT} font-size="30" font-weight="800" fill="#fff"`),
    ...items,
    `<rect x="48" y="560" width="704" height="4" rx="2" fill="url(#g)" opacity=".6"/>`,
    `</svg>`,
  ].join('\n');
}

const EMBLEMS: Record<PartnerCode, string> = {
  UNILAG: '<path d="M128 70c-22-12-48-14-70-8v74c22-6 48-4 70 8 22-12 48-14 70-8V62c-22-6-48-4-70 8zM128 70v74"/>',
  LBS: '<path d="M128 52l60 22v36c0 38-26 62-60 74-34-12-60-36-60-74V74z"/><path d="M104 112l18 18 32-34"/>',
  ABU: '<path d="M128 180V70M128 100c-20-4-34-18-36-38 20 2 34 16 36 38zm0 30c20-4 34-18 36-38-20 2-34 16-36 38zm0 30c-20-4-34-18-36-38 20 2 34 16 36 38z"/>',
  TECHHUB: '<path d="M128 56l56 32v64l-56 32-56-32V88z"/><path d="M112 104l-16 16 16 16M144 104l16 16-16 16"/>',
};

/** A partner's square logo, 256x256. */
export function logoSvg(code: PartnerCode): string {
  const [from, to] = PARTNER_COLORS[code];
  const size = code.length > 5 ? 40 : 48;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">`,
    `<defs>${gradient('g', [from, to])}</defs>`,
    `<rect width="256" height="256" rx="48" fill="url(#g)"/>`,
    `<g fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" transform="translate(0 -8)">${EMBLEMS[code]}</g>`,
    `<text x="128" y="222" ${FONT} font-size="${size}" font-weight="800" fill="#fff" text-anchor="middle" letter-spacing="1">${code}</text>`,
    `</svg>`,
  ].join('\n');
}

/** A partner's page banner, 1024x498. */
export function partnerBannerSvg(code: PartnerCode, fullName: string): string {
  const [from, to] = PARTNER_COLORS[code];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="498" viewBox="0 0 1024 498">`,
    `<defs>${gradient('g', [from, to])}</defs>`,
    `<rect width="1024" height="498" fill="url(#g)"/>`,
    decorations(hash(code), 1024, 498),
    `<g fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" opacity=".9" transform="translate(690 100) scale(1.2)">${EMBLEMS[code]}</g>`,
    textLines(wrap(fullName, 22, 2), 64, 210, 64, `${FONT} font-size="56" font-weight="800" fill="#fff"`),
    `<text x="64" y="400" ${FONT} font-size="26" fill="#fff" opacity=".9">Partner institution on Rivet</text>`,
    `</svg>`,
  ].join('\n');
}
