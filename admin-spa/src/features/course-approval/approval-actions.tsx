// Approve and Reject at the end of Review Course (spec 001 §2.7, §4, §5 Approval, §6, §8; decisions
// 034, 043): what fills the review wizard's `reviewActions` slot. §6: they appear for manageCourseQA
// at status 4, or approvecourse at status 1. A QA approval needs a revenue formula (its own dialog),
// a rejection a comment; the server's lifecycle has the last word (a workflow level the reviewer is
// not on is refused there, with its reason in the toast). After either, a success toast and back to
// the approval list. A reviewer who authored or last edited the course, or platform staff at a
// partner's level, get the server's reason instead of the buttons (decision 076).
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { APPROVAL_MESSAGES as M } from '@rivet/shared/api/course-approval';
import type { CourseDraft } from '@rivet/shared/api/course-authoring';
import { APPROVAL_STATUS, reviewOutcomeText } from '@rivet/shared/domain/course-lifecycle';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { errorMessage } from '@rivet/shared/client/errors';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { FormDialog } from '../../components/form-dialog';
import { paths } from '../../paths';
import { PartnerSignatoryNotice } from './partner-signatory-notice';
import { RevenueFormulaDialog } from './revenue-formula-dialog';
import { useDecision } from './use-approval';

/** §6's rule: who sees Approve and Reject, and through which call. */
export function approvalRole(permissions: readonly string[], approvalStatus: number): 'qa' | 'partner' | null {
  if (approvalStatus === APPROVAL_STATUS.pendingQa && hasAnyPermission(permissions, 'manageCourseQA')) return 'qa';
  if (approvalStatus === APPROVAL_STATUS.pendingReview && hasAnyPermission(permissions, 'approvecourse')) return 'partner';
  return null;
}

export function ApprovalActions({ course }: { course: CourseDraft }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const role = course.draft ? null : approvalRole(profile.permissions, course.approvalStatus);
  const decision = useDecision();
  const [dialog, setDialog] = useState<'reject' | 'qaApprove' | null>(null);

  if (!role) {
    const outcome = reviewOutcomeText(course.approvalStatus);
    return outcome ? <InlineAlert tone="info" title={outcome} /> : null;
  }
  // Separation of duties (decision 076): the server says why this reviewer may not decide.
  if (course.reviewConflict) return <InlineAlert tone="info" title={course.reviewConflict} />;

  const send = async (approve: boolean, extra: { comment?: string; revenueId?: number } = {}) => {
    try {
      const description = await decision.mutateAsync({
        courseId: course.courseId,
        approve,
        comment: extra.comment ?? '',
        qa: role === 'qa',
        revenueId: extra.revenueId ?? null,
        institutionId: course.institutionId,
        courseCategoryId: course.courseCategoryId,
      });
      toast.success(description || (approve ? M.approved : M.rejected));
      setDialog(null);
      navigate(paths.approveCourse);
    } catch (error) {
      // §8: a failed decision shows the server's reason, or the spec's fallback.
      toast.error(errorMessage(error) || M.rejectFailed);
    }
  };

  return (
    <>
      {/* Decision 079: QA sees a partner without a certificate signatory before approving (a line of its own above the row). */}
      {role === 'qa' ? <PartnerSignatoryNotice institutionId={course.institutionId} /> : null}
      <div className="ca-actions">
        <Button variant="danger" onPress={() => setDialog('reject')} isDisabled={decision.isPending}>
          Reject
        </Button>
        <Button onPress={() => (role === 'qa' ? setDialog('qaApprove') : void send(true))} isPending={decision.isPending && dialog === null}>
          Approve
        </Button>
        {dialog === 'reject' ? <RejectDialog saving={decision.isPending} onClose={() => setDialog(null)} onReject={(comment) => send(false, { comment })} /> : null}
        {dialog === 'qaApprove' ? (
          <RevenueFormulaDialog
            courseId={course.courseId}
            title="Approve course"
            lead="Choose the revenue formula this course’s sales are shared by. The course is published once approved."
            submitLabel="Approve"
            saving={decision.isPending}
            onClose={() => setDialog(null)}
            onChoose={(revenueId) => send(true, { revenueId })}
          />
        ) : null}
      </div>
    </>
  );
}

function RejectDialog({ saving, onClose, onReject }: { saving: boolean; onClose: () => void; onReject: (comment: string) => void }) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!comment.trim()) return setError(M.commentRequired);
    onReject(comment.trim());
  };
  return (
    <FormDialog title="Reject course" formId="ca-reject" submitLabel="Reject" saving={saving} onSubmit={submit} onClose={onClose} size="md">
      <TextField
        label="Comment"
        description="Tell the author what to change; they see it on the course and in an e-mail."
        value={comment}
        onChange={(value) => {
          setComment(value);
          if (value.trim()) setError(undefined);
        }}
        rows={5}
        maxLength={1000}
        isInvalid={!!error}
        errorMessage={error}
        autoFocus
      />
    </FormDialog>
  );
}
