// Approved courses whose revenue formula did not name their partner (issue 28, decision 076):
// migration 0024 took the formula off them, and their sales are split 30/70 with their own partner
// until QA re-picks one. QA sees them above the approval tabs and on their cards ("Formula
// needed"), and re-picks through the same formula dialog as an approval.
import { useState } from 'react';
import type { RepickCourse } from '@rivet/shared/api/course-approval';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { errorMessage } from '@rivet/shared/client/errors';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { toast } from '@rivet/shared/ui/toast';
import { RevenueFormulaDialog } from './revenue-formula-dialog';
import { useRepick, useRepicks } from './use-approval';

/** Re-pick: opens the formula dialog for one approved course, for whoever manages QA. */
export function RepickButton({ courseId, title, formerFormula }: { courseId: number; title: string; formerFormula: string }) {
  const profile = useProfile();
  const repick = useRepick();
  const [open, setOpen] = useState(false);
  if (!hasAnyPermission(profile.permissions, 'manageCourseQA')) return null;
  const choose = async (revenueId: number) => {
    try {
      toast.success(await repick.mutateAsync({ courseId, revenueId }));
      setOpen(false);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <>
      <Button size="sm" variant="secondary" onPress={() => setOpen(true)} aria-label={`Re-pick the revenue formula: ${title}`}>
        Re-pick formula
      </Button>
      {open ? (
        <RevenueFormulaDialog
          courseId={courseId}
          title="Re-pick revenue formula"
          lead={`“${title}” was approved with “${formerFormula}”, which does not name its partner. Until you choose a formula, its sales are split 30 % to the platform and 70 % to its own partner.`}
          submitLabel="Save formula"
          saving={repick.isPending}
          onClose={() => setOpen(false)}
          onChoose={(revenueId) => void choose(revenueId)}
        />
      ) : null}
    </>
  );
}

/** QA's list of approved courses waiting for a formula; nothing when there is none. */
export function FormulaRepickNotice() {
  const profile = useProfile();
  const qa = hasAnyPermission(profile.permissions, 'manageCourseQA', 'viewCourseQA');
  const repicks = useRepicks(qa);
  const courses: RepickCourse[] = repicks.data ?? [];
  if (!qa || courses.length === 0) return null;
  const count = courses.length === 1 ? 'One approved course needs' : `${courses.length} approved courses need`;
  return (
    <section className="ca-repick" aria-labelledby="ca-repick-title">
      <InlineAlert tone="warning" title={<span id="ca-repick-title">{count} a revenue formula</span>}>
        <p>Each was approved with a formula that does not name its partner. Until you choose one, its sales are split 30 % to the platform and 70 % to its own partner.</p>
        <ul className="ca-repick__list">
          {courses.map((c) => (
            <li key={c.courseId} className="ca-repick__item">
              <span>
                <strong>{c.title}</strong> <span className="ca-repick__meta">#{c.courseId} · {c.institution} · was “{c.formerFormula.name}”</span>
              </span>
              <RepickButton courseId={c.courseId} title={c.title} formerFormula={c.formerFormula.name} />
            </li>
          ))}
        </ul>
      </InlineAlert>
    </section>
  );
}
