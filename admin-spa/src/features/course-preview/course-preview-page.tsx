// Preview Course (spec 001 §2.1, §2.4; decision 035): the course as learners will study it, in the
// learner's own player (imported from the learner app: the one file the layers allow), read-only.
// Outside the console's frame, as learners see it, under a banner that says nothing is saved.
// Opened from Build Curriculum (which passes where to go back to) or by its address.
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { adminPreviewCourse } from '@rivet/shared/api/course-preview';
import { isApiError } from '@rivet/shared/client/errors';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { PreviewPlayer } from '@rivet/learner-pwa/src/features/player/preview-player';
import { paths } from '../../paths';
import './course-preview.css';

export const previewKey = (courseId: number) => ['authoring', 'preview', courseId];

/** What the wizard passes: where Back goes, and what it is called. */
export interface PreviewReturn {
  returnTo: string;
  returnLabel: string;
}

function useReturn(): PreviewReturn {
  const state = useLocation().state as Partial<PreviewReturn> | null;
  // Only a path inside the console: the state could have been written by anything in history.
  if (typeof state?.returnTo === 'string' && state.returnTo.startsWith('/') && !state.returnTo.startsWith('//')) {
    return { returnTo: state.returnTo, returnLabel: state.returnLabel ?? 'Close preview' };
  }
  return { returnTo: paths.dashboard, returnLabel: 'Close preview' };
}

export function CoursePreviewPage() {
  const { api } = useSessionManager();
  const navigate = useNavigate();
  const back = useReturn();
  const raw = useParams().id ?? '';
  const courseId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const query = useQuery({
    queryKey: previewKey(courseId ?? 0),
    queryFn: ({ signal }) => api.call(adminPreviewCourse, { params: { id: courseId! }, signal }),
    enabled: courseId !== null,
    // Signed addresses change on every fetch; the player refetches before they expire itself.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  const exit = () => void navigate(back.returnTo);
  const { data, error } = query;

  let body;
  if (courseId === null || (isApiError(error) && error.status === 404)) {
    body = <ScreenState kind="empty" page title="Course not found" text="It may have been removed, or it belongs to another partner." actions={<Button onPress={exit}>{back.returnLabel}</Button>} />;
  } else if (isApiError(error) && error.status === 422) {
    // §5's refusal, as the server words it.
    body = <ScreenState kind="empty" page title="This course cannot be previewed yet" text={error.message} actions={<Button onPress={exit}>{back.returnLabel}</Button>} />;
  } else if (error) {
    body = <ScreenState kind="error" page title="The preview could not be loaded" error={error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  } else if (data) {
    body = <PreviewPlayer content={data} refresh={() => void query.refetch()} onExit={exit} exitLabel={back.returnLabel} />;
  } else {
    body = <ScreenState kind="loading" page label="Loading the preview" />;
  }

  return (
    <div className="cp-preview">
      <div className="cp-preview__banner" role="region" aria-label="Preview">
        <p className="cp-preview__note">
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
          </svg>
          <span>
            <strong>Preview</strong> — progress is not saved
          </span>
          {data ? <span className="cp-preview__course">{data.title}, as learners will see it</span> : null}
        </p>
        <Button variant="secondary" size="sm" onPress={exit}>
          {back.returnLabel}
        </Button>
      </div>
      <main className="cp-preview__body">{body}</main>
    </div>
  );
}
