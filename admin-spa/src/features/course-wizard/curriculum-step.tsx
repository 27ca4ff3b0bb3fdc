// Step 3, Build Curriculum (spec 001 §2.4, §4, §5; decision 031): the course's modules, sections
// and content, saved with Course/Builder. Save Draft stays on the step; Continue completes it (the
// stored step moves on to the survey or pricing step). Both are enabled only under §5's structure
// rules; Back asks first, since unsaved changes are lost. Preview Course saves unsaved changes as a
// draft and opens the course in the learner's player (decision 035). Bulk Upload puts several files
// into the partner's content library at once, for Add Content to use (decision 089).
import { useContext, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CourseDraft } from '@rivet/shared/api/course-authoring';
import { getCurriculum, saveCurriculum, type Curriculum } from '@rivet/shared/api/course-curriculum';
import { CURRICULUM_MESSAGES as M, curriculumProblems, isStructureComplete } from '@rivet/shared/domain/curriculum';
import { STEP, wizardSteps } from '@rivet/shared/domain/course-authoring';
import { PREVIEW_MESSAGES, hasContentEverywhere } from '@rivet/shared/domain/course-preview';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Modal } from '@rivet/shared/ui/modal';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { toast } from '@rivet/shared/ui/toast';
import { useWizard } from '@rivet/shared/ui/wizard';
import { coursePreviewPath, paths } from '../../paths';
import { CurriculumBuilder } from './curriculum-builder';
import { BulkUploaderContext } from './media-picker';
import { fromCurriculum, toRulesShape, toSaveBody, type BuilderModule } from './curriculum-state';
import { courseKey } from './use-course-wizard';
import './curriculum.css';

export const curriculumKey = (courseId: number) => ['authoring', 'curriculum', courseId];

export const NO_LATER_STEP_NOTICE = 'This course is free and has no survey: Submit for Review sends it for review from this step. Save Draft keeps your curriculum.';

export interface CurriculumStepProps {
  course: CourseDraft;
  /** After Continue (or a free course's Submit for Review) succeeded. */
  onContinued?: () => Promise<void>;
}

export function CurriculumStep({ course, onContinued }: CurriculumStepProps) {
  const { api } = useSessionManager();
  const query = useQuery({
    queryKey: curriculumKey(course.courseId),
    queryFn: ({ signal }) => api.call(getCurriculum, { params: { id: course.courseId }, signal }),
  });
  return (
    <QueryState query={query} loadingText="Fetching curriculum...">
      {(curriculum) => <CurriculumEditor key={course.courseId} course={course} curriculum={curriculum} onContinued={onContinued} />}
    </QueryState>
  );
}

function CurriculumEditor({ course, curriculum, onContinued }: { course: CourseDraft; curriculum: Curriculum; onContinued?: () => Promise<void> }) {
  const { api } = useSessionManager();
  const queryClient = useQueryClient();
  const { prev } = useWizard();
  const [modules, setModules] = useState<BuilderModule[]>(() => fromCurriculum(curriculum));
  const [showTitleErrors, setShowTitleErrors] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState<'draft' | 'continue' | null>(null);
  const [confirmBack, setConfirmBack] = useState(false);
  const [builderUploading, setUploading] = useState(false);
  const renderBulkUploader = useContext(BulkUploaderContext);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkUploading, setBulkUploading] = useState(false);
  const uploading = builderUploading || bulkUploading;
  const busy = useRef(false);
  const navigate = useNavigate();
  // What the server holds, to tell whether Preview must save first.
  const [previewRefused, setPreviewRefused] = useState(false);
  const [savedBody, setSavedBody] = useState(() => JSON.stringify(toSaveBody(course.courseId, fromCurriculum(curriculum))));

  // The End of course Survey (with a survey) or Pricing (paid) follows; without either, Continue submits.
  const next = wizardSteps(course).find((s) => s.stepNo > 3);
  const ready = isStructureComplete(toRulesShape(modules));

  const change = (update: (list: BuilderModule[]) => BuilderModule[]) => {
    setModules(update);
    setProblems([]);
    setPreviewRefused(false);
  };

  /** Resolves true once saved. */
  const save = async (mode: 'draft' | 'continue'): Promise<boolean> => {
    if (busy.current) return false;
    setError(null);
    if (uploading) {
      toast.warning(M.stillUploading);
      return false;
    }
    const found = curriculumProblems(toRulesShape(modules));
    if (found.length) {
      setShowTitleErrors(true);
      const messages = [...new Set(found.map((p) => p.message))];
      setProblems(messages);
      // §5: a missing title is a warning.
      if (messages.includes(M.missingTitle)) toast.warning(M.missingTitle);
      return false;
    }
    busy.current = true;
    setPending(mode);
    try {
      const answer = await api.send(saveCurriculum, { query: { SaveDraft: mode === 'draft' ? 'true' : 'false' }, body: toSaveBody(course.courseId, modules) });
      toast.success(answer.description);
      queryClient.setQueryData(curriculumKey(course.courseId), answer.data);
      setModules(fromCurriculum(answer.data));
      setSavedBody(JSON.stringify(toSaveBody(course.courseId, fromCurriculum(answer.data))));
      setShowTitleErrors(false);
      await queryClient.invalidateQueries({ queryKey: courseKey(course.courseId) });
      if (mode === 'continue') await onContinued?.();
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      busy.current = false;
      setPending(null);
    }
  };

  // §5: refused while uploading and unless every module and section has content; unsaved changes
  // are saved as a draft first, since the preview shows what the server holds.
  const preview = async () => {
    if (busy.current) return;
    if (uploading) {
      toast.warning(M.stillUploading);
      return;
    }
    if (!hasContentEverywhere(toRulesShape(modules))) {
      setPreviewRefused(true);
      toast.warning(PREVIEW_MESSAGES.noContent);
      return;
    }
    if (JSON.stringify(toSaveBody(course.courseId, modules)) !== savedBody && !(await save('draft'))) return;
    void navigate(coursePreviewPath(course.courseId), {
      state: { returnTo: `${paths.createCourse}?courseId=${course.courseId}&step=${STEP.curriculum}`, returnLabel: 'Back to Build Curriculum' },
    });
  };

  return (
    <div className="cw-curriculum">
      {!next ? <InlineAlert tone="info" title={NO_LATER_STEP_NOTICE} /> : null}
      <p className="cw-guidance">Modules hold sections and sections hold content. Drag a row by its handle to reorder it, or focus the handle, press Enter, move with the arrow keys and press Enter again.</p>
      <CurriculumBuilder institutionId={course.institutionId} onUploadingChange={setUploading} modules={modules} onChange={change} showTitleErrors={showTitleErrors} />
      {problems.length ? (
        <div role="status" className="rv-alert rv-alert--warning">
          <p className="rv-alert__title">The curriculum cannot be saved yet</p>
          <ul className="cw-problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {previewRefused ? <InlineAlert tone="warning" title={PREVIEW_MESSAGES.noContent} /> : null}
      <ErrorAlert error={error} />
      {!ready ? <p className="cw-guidance" id="cw-structure-rule">Save Draft and Continue need at least one module, a section in every module, content in every section and a question in every quiz.</p> : null}
      <div className="rv-wizard__actions">
        {renderBulkUploader ? (
          <Button variant="secondary" onPress={() => setBulkOpen(true)} isDisabled={pending !== null}>
            Bulk Upload
          </Button>
        ) : null}
        <Button variant="secondary" onPress={() => void preview()} isDisabled={pending !== null}>
          Preview Course
        </Button>
        <span className="rv-wizard__spacer" />
        <Button variant="secondary" onPress={() => setConfirmBack(true)} isDisabled={pending !== null}>
          Back
        </Button>
        <Button variant="secondary" onPress={() => void save('draft')} isPending={pending === 'draft'} isDisabled={!ready || pending === 'continue'} aria-describedby={ready ? undefined : 'cw-structure-rule'}>
          Save Draft
        </Button>
        <Button onPress={() => void save('continue')} isPending={pending === 'continue'} isDisabled={!ready || pending === 'draft'} aria-describedby={ready ? undefined : 'cw-structure-rule'}>
          {next ? 'Continue' : 'Submit for Review'}
        </Button>
      </div>
      {renderBulkUploader && bulkOpen
        ? renderBulkUploader({
            institutionId: course.institutionId,
            institutionName: course.institution,
            onBusyChange: setBulkUploading,
            // Closing stops any upload still running (the uploader aborts it), so nothing is busy.
            onClose: () => {
              setBulkOpen(false);
              setBulkUploading(false);
            },
          })
        : null}
      <Modal
        isOpen={confirmBack}
        onOpenChange={setConfirmBack}
        isDismissable
        role="alertdialog"
        title="Go back?"
        footer={
          <>
            <Button variant="secondary" onPress={() => setConfirmBack(false)} autoFocus>
              No
            </Button>
            <Button
              onPress={() => {
                setConfirmBack(false);
                prev();
              }}
            >
              Yes
            </Button>
          </>
        }
      >
        <p>{M.back}</p>
      </Modal>
    </div>
  );
}
