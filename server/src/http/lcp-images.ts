// The largest picture of a learner page whose address says which it is: a course page's banner.
// The server names it in the page's HTML (<link rel="preload" as="image" fetchpriority="high">),
// so a phone fetches it beside the app's code instead of after the code and the course's data
// have arrived (docs/decisions/066). Kept a short while: the HTML is asked for often.
// Not the catalogue's first thumbnail: its card waits for the search answer anyway, and the early
// picture only took bandwidth from the app's code (its LCP rose ~250 ms in the same conditions).
import type { CourseService } from '../course/course.service';

const KEEP_MS = 60_000;
const MAX_ENTRIES = 1_000;

export function createLcpImages(courses: Pick<CourseService, 'detail'>, now = () => Date.now()): (path: string, search: string) => Promise<string | null> {
  const kept = new Map<string, { url: string | null; until: number }>();
  const remember = async (key: string, find: () => Promise<string | null>) => {
    const hit = kept.get(key);
    if (hit && hit.until > now()) return hit.url;
    // A course learners cannot see answers 404 through the app: no picture to name then.
    const url = await find().catch(() => null);
    if (kept.size >= MAX_ENTRIES) kept.clear();
    kept.set(key, { url, until: now() + KEEP_MS });
    return url;
  };
  return async (path) => {
    const course = /^\/course\/details\/(\d{1,9})(?:\/|$)/.exec(path);
    if (course) return remember(`course:${course[1]}`, async () => (await courses.detail(Number(course[1]))).courseBannerUrl ?? null);
    return null;
  };
}
