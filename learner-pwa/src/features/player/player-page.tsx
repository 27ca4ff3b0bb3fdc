// /course/delivery: finds the course from the navigation state or the query, loads its content
// and hands it to the player. Without a course the learner goes to My Learnings; a learner not
// enrolled is told so and pointed to the course's page.
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '@rivet/shared/client/errors';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { Spinner } from '@rivet/shared/ui/spinner';
import { toast } from '@rivet/shared/ui/toast';
import { useSession } from '@rivet/shared/client/session-context';
import { usePlayerContent } from '../../api/use-learning';
import { useCourseDownload } from '../../offline/use-downloads';
import { paths } from '../../paths';
import { allPositions } from './course-outline';
import { CoursePlayer } from './course-player';
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
    return <CoursePlayer content={content} requested={target} refresh={refresh} download={download} />;
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
    return (
      <div className="player-state">
        <h1 className="player-state__title">The course could not be loaded</h1>
        <ErrorAlert error={error} />
        <Button onPress={() => void refetch()} isPending={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="player-state">
      <Spinner size="lg" label="Loading the course" />
    </div>
  );
}

function PlayerMessage({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="player-state">
      <h1 className="player-state__title">{title}</h1>
      <p className="player-state__text">{text}</p>
      {children ? <div className="player-state__actions">{children}</div> : null}
    </div>
  );
}
