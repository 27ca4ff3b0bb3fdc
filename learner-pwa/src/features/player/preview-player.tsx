// The learner's player for staff previewing a course (decision 035): the same components learners
// study with, fed the preview's content, with progress kept on the page (preview-progress.ts) and
// nothing sent — no progress, quiz attempt, survey or certificate call. Where a learner would be
// taken on to the survey and completion, the preview says so and stays.
//
// This is the one file of the learner app the admin console imports (tools/eslint-layers.js
// allows exactly this one, lazily, on its preview page); everything it imports stays clear of the
// learner's outbox, offline store, API hooks and service worker (preview-player.test.ts).
import { useMemo, useState } from 'react';
import type { PreviewContent } from '@rivet/shared/api/course-preview';
import { Button } from '@rivet/shared/ui/button';
import { Modal } from '@rivet/shared/ui/modal';
import { CoursePlayer } from './course-player';
import { usePreviewProgress } from './preview-progress';
import './player.css';

export interface PreviewPlayerProps {
  content: PreviewContent;
  /** Fetches the preview again (fresh media addresses). */
  refresh: () => void;
  /** Leaves the preview (Go Back and the end-of-course dialog). */
  onExit: () => void;
  /** What leaving is called, e.g. “Back to Build Curriculum”. */
  exitLabel: string;
}

export function PreviewPlayer({ content, refresh, onExit, exitLabel }: PreviewPlayerProps) {
  const [ended, setEnded] = useState(false);
  const { answerKeys, ...player } = content;
  const preview = usePreviewProgress(player, answerKeys, () => setEnded(true));
  const requested = useMemo(() => ({ courseId: content.courseId, currentModule: null, currentSection: null, myLearning: false }), [content.courseId]);
  return (
    <>
      <CoursePlayer content={preview.content} requested={requested} refresh={refresh} progress={preview.progress} onGoBack={onExit} />
      <Modal
        isOpen={ended}
        onOpenChange={setEnded}
        isDismissable
        size="md"
        title="End of the course"
        footer={
          <>
            <Button variant="secondary" onPress={() => setEnded(false)}>
              Stay in the preview
            </Button>
            <Button onPress={onExit}>{exitLabel}</Button>
          </>
        }
      >
        <p>
          A learner who gets here has completed the course: {content.hasSurvey ? 'they answer the end-of-course survey, then ' : 'they '}see the completion page and can
          download their certificate. This preview saved nothing and issues no certificate.
        </p>
      </Modal>
    </>
  );
}
