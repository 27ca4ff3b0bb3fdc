// The player screen for a loaded course: Go Back and the overall progress on top; the open
// section (video, package, article, picture or quiz) with its title and Previous/Next; the module
// accordion beside it (below it on phones); and what follows a section's end: the 2-second
// notice, the module-end choice, the end of the course.
//
// Progress goes through the `progress` it is given and downloads through PlayerOfflineContext, so
// the same player serves learners (learner-course-player.tsx) and the staff preview
// (preview-player.tsx, decision 035), and none of its files loads the learner's outbox or store.
import { useContext, useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PlayerContent } from '@rivet/shared/api/learning';
import { Button } from '@rivet/shared/ui/button';
import { Modal } from '@rivet/shared/ui/modal';
import { useSession } from '@rivet/shared/client/session-context';
import { ProgressBar } from '../../components/progress-bar/progress-bar';
import { paths } from '../../paths';
import { locate, neighbour, type Located, type Position } from './course-outline';
import type { PlayerNavigationState, PlayerTarget } from './player-navigation';
import { MediaPlayer } from './media-player';
import { ModuleOutline } from './module-outline';
import { PlayerOfflineContext } from './player-offline';
import type { PlayerProgress } from './player-progress';
import { QuizView } from './quiz/quiz-view';
import { ArticleView, ImageView, PackageView } from './section-views';
import { useFocusOnChange } from './use-focus-on-change';
import { usePlayer, type Pending } from './use-player';

export interface CoursePlayerProps {
  content: PlayerContent;
  /** Where the player was sent (module and section ids), and from where. */
  requested: PlayerTarget;
  /** Fetches the content again (fresh media signatures). */
  refresh: () => void;
  /** Keeps what the learner does (sends it, or in a preview, only shows it). */
  progress: PlayerProgress;
  /** Beside Go Back: the learner's Download button. */
  tools?: ReactNode;
  /** Go Back's way out, when not the app's own history (the preview goes back to the console). */
  onGoBack?: () => void;
}

/** Signed media addresses expire (mediaExpiresAt); fetch fresh ones a minute before. */
function useFreshMedia(expiresAt: string, refresh: () => void) {
  useEffect(() => {
    const due = Date.parse(expiresAt) - Date.now() - 60_000;
    if (!Number.isFinite(due)) return;
    // setTimeout holds at most ~24.8 days.
    const id = setTimeout(refresh, Math.min(Math.max(due, 0), 2 ** 31 - 1));
    return () => clearTimeout(id);
  }, [expiresAt, refresh]);
}

/** Whether an earlier entry of this app is behind this one (BrowserRouter keeps its index). */
function hasAppHistory(key: string): boolean {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index > 0 : key !== 'default';
}

/**
 * The open section goes into this history entry's navigation state, so a reload (or coming back
 * to the entry) reopens it rather than the section the player was first sent to.
 */
function useRememberSection({ module, section }: Located) {
  const navigate = useNavigate();
  const location = useLocation();
  const userId = useSession().profile?.userId ?? '';
  const moduleId = module.courseModuleId;
  const sectionId = section.courseModuleItemId;
  const stored = location.state as Partial<PlayerNavigationState> | null;
  const courseId = Number(new URLSearchParams(location.search).get('courseId')) || stored?.courseId;
  const differs = stored?.currentModule !== moduleId || stored?.currentSection !== sectionId;
  useEffect(() => {
    if (!differs || !courseId) return;
    const state: PlayerNavigationState = { ...stored, courseId, userId, currentModule: moduleId, currentSection: sectionId };
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state });
  }, [differs, courseId, userId, moduleId, sectionId, stored, navigate, location.pathname, location.search]);
}

/**
 * Each section the learner opens during the visit (Next, the outline, going on after a section)
 * is recorded as where they are. The first one is not: the player was sent there from the stored
 * position (or, with none, opened the course's start), so it is where Resume goes already.
 */
function useRecordOpenedSection(at: Position, opened: (at: Position) => void) {
  const key = `${at.module}:${at.section}`;
  const last = useRef(key);
  const record = useEffectEvent(() => opened(at));
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    record();
  }, [key]);
}

export function CoursePlayer({ content, requested, refresh, progress, tools, onGoBack }: CoursePlayerProps) {
  const player = usePlayer(content, requested);
  const navigate = useNavigate();
  const location = useLocation();
  const heading = useFocusOnChange<HTMLHeadingElement>(player.opened.serial);
  useFreshMedia(content.mediaExpiresAt, refresh);

  const here = locate(content, player.position) ?? locate(content, { module: 0, section: 0 })!;
  useRememberSection(here);
  const at = here.position;
  useRecordOpenedSection(at, progress.opened);
  const previous = neighbour(content, at, -1);
  const next = neighbour(content, at, 1);

  // History from inside the app goes back; a player opened from a link goes to the dashboard.
  // Decided on arrival: the player rewrites its own entry's state as the learner moves on.
  const [canGoBack] = useState(() => hasAppHistory(location.key));
  const goBack = onGoBack ?? (() => void (canGoBack ? navigate(-1) : navigate(paths.dashboard)));

  const markCompleted = async () => {
    const saved = await progress.report(at, { secondsWatched: 0, isCompleted: true });
    if (saved && !saved.finished) player.sectionEnded(at, { notice: true });
  };

  const quizContinue = () => {
    if (progress.courseCompletedHere()) progress.finishCourse();
    else player.sectionEnded(at, { notice: false });
  };

  return (
    <div className="player">
      <div className="player__top">
        <Button variant="ghost" onPress={goBack} className="player__back">
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M15 18l-6-6 6-6" />
          </svg>
          Go Back
        </Button>
        {tools}
        <ProgressBar label="Course progress" value={content.percentage} size="sm" className="player__progress" />
      </div>

      <div className="player__main">
        <p className="player__eyebrow">
          <span className="player__course">{content.title}</span>
          <span className="player__module">
            Module {at.module + 1}: {here.module.title}
          </span>
        </p>
        <h1 ref={heading} tabIndex={-1} className="player__title">
          {here.section.title}
        </h1>
        <SectionContent
          key={here.section.courseModuleItemId}
          here={here}
          autoPlay={player.opened.autoPlay}
          poster={content.courseThumbNailUrl}
          onPosition={(secondsWatched) => void progress.report(at, { secondsWatched, isCompleted: false })}
          onEnded={(secondsWatched) => {
            void progress.report(at, { secondsWatched, isCompleted: true });
            player.sectionEnded(at, { notice: true });
          }}
          onMarkCompleted={markCompleted}
          submitQuiz={(answers, score) => progress.submitAttempt(at, answers, score)}
          onQuizContinue={quizContinue}
        />
        <nav className="player__steps" aria-label="Sections">
          <Button variant="secondary" isDisabled={!previous} onPress={() => previous && player.open(previous)}>
            Previous
          </Button>
          {/* Between the buttons, in a row of fixed height: showing it never moves the page. */}
          <p className="player__status" role="status">
            {here.section.isCompleted ? (
              <span className="player__done">
                <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
                Completed
              </span>
            ) : null}
          </p>
          <Button variant="secondary" isDisabled={!next} onPress={() => next && player.open(next)}>
            Next
          </Button>
        </nav>
      </div>

      <aside className="player__outline" aria-labelledby="player-outline-title">
        <h2 id="player-outline-title" className="player__outline-title">
          Course content
        </h2>
        <ModuleOutline content={content} position={at} myLearning={requested.myLearning} onOpen={player.open} />
      </aside>

      <AfterSection content={content} pending={player.pending} onCancel={player.cancel} onContinue={player.continueToModule} onOpen={player.open} />
    </div>
  );
}

interface SectionContentProps {
  here: Located;
  autoPlay: boolean;
  poster: string | null;
  onPosition: (secondsWatched: number) => void;
  onEnded: (secondsWatched: number) => void;
  onMarkCompleted: () => Promise<void>;
  submitQuiz: Parameters<typeof QuizView>[0]['submit'];
  onQuizContinue: () => void;
}

function SectionContent({ here, autoPlay, poster, onPosition, onEnded, onMarkCompleted, submitQuiz, onQuizContinue }: SectionContentProps) {
  const { asset, section } = here;
  const offline = useContext(PlayerOfflineContext);
  if (!asset) return <p className="player__empty">This section has no content yet.</p>;
  switch (asset.assetType) {
    case 'video':
    case 'audio':
      return (
        <MediaPlayer asset={asset} autoPlay={autoPlay} poster={poster} onPosition={onPosition} onEnded={onEnded} offline={offline?.videoSource(asset) ?? null} />
      );
    case 'compressVideo':
      return <PackageView asset={asset} onMarkCompleted={onMarkCompleted} completed={section.isCompleted} />;
    case 'article':
      return <ArticleView asset={asset} onMarkCompleted={onMarkCompleted} completed={section.isCompleted} />;
    case 'image':
      return <ImageView asset={asset} sectionTitle={section.title} onMarkCompleted={onMarkCompleted} completed={section.isCompleted} />;
    case 'quiz':
      return asset.quiz ? (
        <QuizView quiz={asset.quiz} passedBefore={section.isCompleted} submit={submitQuiz} onContinue={onQuizContinue} />
      ) : (
        <p className="player__empty">This quiz has no questions yet.</p>
      );
  }
}

interface AfterSectionProps {
  content: PlayerContent;
  pending: Pending;
  onCancel: () => void;
  onContinue: () => void;
  onOpen: (position: Position) => void;
}

function AfterSection({ content, pending, onCancel, onContinue, onOpen }: AfterSectionProps) {
  const target = pending && pending.kind !== 'course-end' ? locate(content, pending.to) : null;
  const from = pending?.kind === 'module-end' ? locate(content, pending.from) : null;
  const firstLeft = pending?.kind === 'course-end' ? pending.remaining[0] : undefined;
  const left = firstLeft ? locate(content, firstLeft) : null;
  return (
    <>
      {pending?.kind === 'advance' && target ? (
        <div className="player-next" role="status">
          <span className="player-next__bar" aria-hidden="true" />
          <p className="player-next__text">
            <span className="player-next__label">Next:</span> {target.section.title}
          </p>
          <Button size="sm" variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
        </div>
      ) : null}
      <Modal
        isOpen={pending?.kind === 'module-end'}
        onOpenChange={(open) => (open ? undefined : onCancel())}
        isDismissable
        title="Module complete"
        footer={
          <>
            <Button variant="secondary" onPress={onCancel}>
              Cancel
            </Button>
            <Button onPress={onContinue}>Complete and Continue</Button>
          </>
        }
      >
        {from && target ? (
          <p>
            You have reached the end of <strong>{from.module.title}</strong>. Next is module {target.position.module + 1}: <strong>{target.module.title}</strong>.
          </p>
        ) : null}
      </Modal>
      <Modal
        isOpen={pending?.kind === 'course-end'}
        onOpenChange={(open) => (open ? undefined : onCancel())}
        isDismissable
        title="Almost there"
        footer={
          <>
            <Button variant="secondary" onPress={onCancel}>
              Close
            </Button>
            {firstLeft ? <Button onPress={() => onOpen(firstLeft)}>Go to what is left</Button> : null}
          </>
        }
      >
        {pending?.kind === 'course-end' ? (
          <p>
            This was the last section. {pending.remaining.length === 1 ? 'One section is' : `${pending.remaining.length} sections are`} still to complete
            {left ? (
              <>
                , starting with <strong>{left.section.title}</strong>
              </>
            ) : null}
            .
          </p>
        ) : null}
      </Modal>
    </>
  );
}
