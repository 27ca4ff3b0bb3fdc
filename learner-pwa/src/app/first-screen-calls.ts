// The calls a signed-in learner's first screen makes, started as soon as the access token is back
// (docs/decisions/074). Without this the dashboard asked for its data only once its chunks had
// downloaded and React had rendered it, and for its largest picture only once the data had come:
// three waits in a row on slow mobile data. Now the data is asked for beside the chunks, and the
// picture as soon as the data names it. The screen's own calls take these answers
// (ApiClient.prime), so nothing is asked twice.
import { enrolledCourseDetails, enrolledCourses, overallPercentage, recentCourse } from '@rivet/shared/api/learning';
import type { ApiClient } from '@rivet/shared/client/api-client';

/** Asks for the picture now, at the priority the screen's own <img> will ask for it. */
function preloadPicture(url: string | null | undefined) {
  if (!url || typeof document === 'undefined') return;
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', url);
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/** Starts the first screen's calls at this address for this learner; resolves once the picture is asked for. */
export async function primeFirstScreen(api: ApiClient, userId: string, location: Pick<Location, 'pathname' | 'search'>): Promise<void> {
  const screen = location.pathname.replace(/\/$/, '');
  if (screen === '/dashboard') {
    void api.prime(overallPercentage);
    void api.prime(enrolledCourses, { params: { userId } });
    // The recent course's picture is the dashboard's largest (recent-course-banner.tsx).
    const recent = await api.prime(recentCourse, { params: { userId } });
    preloadPicture(recent?.courseThumbNailUrl);
  } else if (screen === '/course/delivery') {
    const courseId = Number(new URLSearchParams(location.search).get('courseId'));
    if (!Number.isInteger(courseId) || courseId <= 0) return;
    // The course's picture is the player's poster until the video plays (course-player.tsx).
    const content = await api.prime(enrolledCourseDetails, { params: { userId, courseId } });
    preloadPicture(content?.courseThumbNailUrl);
  }
}
