// /course/delivery: finds the course from the navigation state or the query, loads its content
// and hands it to the player. Without a course the learner goes to My Learnings; a learner not
// enrolled is told so and pointed to the course's page.
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '@rivet/shared/client/errors';
import { ButtonLink } from '@rivet/shared/ui/button';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { toast } from '@rivet/shared/ui/toast';
import { useSession } from '@rivet/shared/client/session-context';
import { usePlayerContent } from '../../api/use-learning';
import { useCourseDownload } from '../../offline/use-downloads';
import { paths } from '../../paths';
import { allPositions } from './course-outline';
import { LearnerCoursePlayer } from './learner-course-player';
import { playerTarget, type PlayerTarget } from './player-navigation';
import './player.css';

export function PlayerPage() {
  const { state, search } = useLocation();
  const target = useMemo(() => playerTarget(state, search), [state, search]);
  if (!target) return <NoCourse />;
  return <PlayerLoader key={target.courseId} target={target} />;
}

function NoCourse() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast.info('Choose a course to continue learning.');
    void navigate(paths.myLearnings, { replace: true });
  }, [navigate]);
  return null;
}

function PlayerLoader({ target }: { target: PlayerTarget }) {
  const query = usePlayerContent(target.courseId);
  const { data: content, error, refetch } = query;
  const refresh = useMemo(() => () => void refetch(), [refetch]);
  // Read before the player mounts: a video chooses its source (the phone's or the network's) once.
  const download = useCourseDownload(useSession().profile?.userId ?? '', target.courseId);

  if (content && download !== undefined && allPositions(content).length > 0) {
    return <LearnerCoursePlayer content={content} requested={target} refresh={refresh} download={download} />;
  }
  if (content && download !== undefined) return <PlayerMessage title="This course has no content yet" text="Its sections will appear here once the partner publishes them." />;
  if (error && isApiError(error) && error.status === 403) {
    return (
      <PlayerMessage title="You are not enrolled in this course" text="Enrol in the course to study it here.">
        <ButtonLink href={paths.courseDetails(target.courseId, '')}>View the course</ButtonLink>
        <ButtonLink variant="secondary" href={paths.myLearnings}>
          My Learnings
        </ButtonLink>
      </PlayerMessage>
    );
  }
  if (error && isApiError(error) && error.status === 404) {
    return (
      <PlayerMessage title="Course not found" text="It may have been withdrawn by its partner.">
        <ButtonLink href={paths.discovery}>Browse courses</ButtonLink>
      </PlayerMessage>
    );
  }
  if (error) {
    return <ScreenState kind="error" page title="The course could not be loaded" error={error} onRetry={refresh} isRetrying={query.isFetching} />;
  }
  return <ScreenState kind="loading" page label="Loading the course" />;
}

function PlayerMessage({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return <ScreenState kind="empty" page title={title} text={text} actions={children} />;
}
