// Approval Settings (spec 001 §2.9, §4, §6): "Create and manage your partners approval workflow",
// Add WorkFlow, and a card per workflow (name, category, Active or Deactivated, approvals required,
// approver users); an active one can be edited or deactivated, a deactivated one activated again
// (decision 049), each after a confirmation. A partner's
// staff see their own partner's workflows; platform staff choose the partner first, and the choice
// is in the address (?partner=) so reload and Back keep it.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Workflow } from '@rivet/shared/api/workflows';
import { hasAnyPermission, isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { errorMessage, isApiError } from '@rivet/shared/client/errors';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { QueryState, ScreenState } from '@rivet/shared/ui/screen-state';
import { Select } from '@rivet/shared/ui/select';
import { useToggleConfirmation } from '../../components/toggle-confirmation';
import { WorkflowDialog } from './workflow-dialog';
import { useWorkflowCalls, useWorkflowPartners, useWorkflows } from './use-workflows';
import './workflows.css';

type Editing = { workflow: Workflow | null } | null;

export const DEACTIVATE_FAILED = 'Failed to deactivate workflow';
export const ACTIVATE_FAILED = 'Failed to activate workflow';
/** A named user was deactivated, left the partner or lost approvecourse since: the level may never be cleared. */
export const STALE_APPROVER_NOTE = 'Someone named here can no longer approve courses: edit the workflow to replace them.';

export const PARTNERS_NOT_LOADED = 'The partners could not be loaded. Reload the page to try again.';

/** A refusal says so (a reload would be refused again); only a real failure to load says 'could not be loaded'. */
function partnersError(error: unknown): string {
  return isApiError(error) && error.status === 403 ? errorMessage(error) : PARTNERS_NOT_LOADED;
}

export function ApprovalSettingsPage() {
  const profile = useProfile();
  const scoped = isInstitutionScoped(profile.roleType);
  const canManage = hasAnyPermission(profile.permissions, 'manageworkflow');
  const [params, setParams] = useSearchParams();
  const partners = useWorkflowPartners(!scoped);
  const partnerId = scoped ? profile.institutionId : Number(params.get('partner')) || null;
  const partnerName = scoped ? (profile.institutionName ?? '') : (partners.data?.items.find((p) => p.id === partnerId)?.fullName ?? '');
  const workflows = useWorkflows(partnerId);
  const calls = useWorkflowCalls();
  const [editing, setEditing] = useState<Editing>(null);
  const toggle = useToggleConfirmation<Workflow>({
    noun: 'workflow',
    toggle: (w, isActive) => (isActive ? calls.activate(w.id) : calls.deactivate(w.id)),
    onDone: () => workflows.refetch(),
    failed: { activate: ACTIVATE_FAILED, deactivate: DEACTIVATE_FAILED },
    deactivateHint: (w) => `Courses in ${w.courseCategoryName} will then be reviewed once by any of the partner’s staff who may approve courses, until it is activated again.`,
  });

  return (
    <div className="workflows">
      <header className="workflows__header">
        <div>
          <h1 className="workflows__title">Approval Settings</h1>
          <p className="workflows__description">Create and manage your partners approval workflow</p>
        </div>
        {canManage && partnerId !== null ? <Button onPress={() => setEditing({ workflow: null })}>Add WorkFlow</Button> : null}
      </header>

      {scoped ? null : (
        <Select
          className="workflows__partner"
          label="Partner"
          items={(partners.data?.items ?? []).map((p) => ({ id: String(p.id), label: p.isActive ? p.fullName : `${p.fullName} (inactive)` }))}
          value={partnerId === null ? null : String(partnerId)}
          onChange={(value) => setParams(value ? { partner: value } : {})}
          placeholder={partners.isPending ? 'Loading partners…' : 'Choose a partner'}
          errorMessage={partners.isError ? partnersError(partners.error) : undefined}
        />
      )}

      {partnerId === null ? (
        <ScreenState kind="empty" text="Choose a partner to see and manage its approval workflows." />
      ) : (
        <QueryState
          query={workflows}
          loadingLabel="Loading workflows"
          isEmpty={(list) => list.length === 0}
          empty={
            <ScreenState
              kind="empty"
              title="No workflow yet"
              text="Without one, a course of this partner is reviewed once, by any of its staff who may approve courses, before QA."
            />
          }
        >
          {(list) => (
            <ul className="workflows__grid" aria-label={`Approval workflows${partnerName ? ` of ${partnerName}` : ''}`}>
              {list.map((w) => (
                <li key={w.id}>
                  <WorkflowCard workflow={w} canManage={canManage} onEdit={() => setEditing({ workflow: w })} onToggle={() => toggle.ask(w)} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      )}
      {editing && partnerId !== null ? (
        <WorkflowDialog institutionId={partnerId} partnerName={partnerName} workflow={editing.workflow} onClose={() => setEditing(null)} onSaved={() => void workflows.refetch()} />
      ) : null}
      {toggle.dialog}
    </div>
  );
}

function WorkflowCard({ workflow: w, canManage, onEdit, onToggle }: { workflow: Workflow; canManage: boolean; onEdit: () => void; onToggle: () => void }) {
  const multi = w.workflowLevels.length > 1;
  return (
    <article className={w.isActive ? 'workflow-card' : 'workflow-card workflow-card--inactive'} aria-labelledby={`workflow-${w.id}`}>
      <div className="workflow-card__top">
        <h2 className="workflow-card__name" id={`workflow-${w.id}`}>
          {w.name}
        </h2>
        <span className={w.isActive ? 'workflow-card__status workflow-card__status--active' : 'workflow-card__status'}>{w.isActive ? 'Active' : 'Deactivated'}</span>
      </div>
      <dl className="workflow-card__facts">
        <div>
          <dt>Category</dt>
          <dd className="workflow-card__category">{w.courseCategoryName}</dd>
        </div>
        <div>
          <dt>Approvals required</dt>
          <dd>{w.noOfApprovals}</dd>
        </div>
      </dl>
      <ol className="workflow-card__levels">
        {w.workflowLevels.map((l) => (
          <li key={l.levelNo} className="workflow-card__level">
            <p className="workflow-card__level-title">
              {multi ? `Level ${l.levelNo}: ` : ''}
              {l.approval} of {l.users.length} {l.users.length === 1 ? 'approver' : 'approvers'}
            </p>
            <ul className="workflow-card__users">
              {l.users.map((u) => (
                <li key={u.userId} className={u.canApprove ? undefined : 'workflow-card__user--stale'}>
                  {u.name}
                  {u.canApprove ? null : ' (can no longer approve)'}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {w.isActive && w.workflowLevels.some((l) => l.users.some((u) => !u.canApprove)) ? <p className="workflow-card__warning">{STALE_APPROVER_NOTE}</p> : null}
      {canManage && w.isActive ? (
        <div className="workflow-card__actions">
          <Button variant="secondary" size="sm" onPress={onEdit} aria-label={`Edit ${w.name}`}>
            Edit
          </Button>
          <Button variant="ghost" size="sm" onPress={onToggle} aria-label={`Deactivate ${w.name}`} className="workflow-card__deactivate">
            Deactivate
          </Button>
        </div>
      ) : null}
      {canManage && !w.isActive ? (
        <div className="workflow-card__actions">
          <Button variant="secondary" size="sm" onPress={onToggle} aria-label={`Activate ${w.name}`}>
            Activate
          </Button>
        </div>
      ) : null}
    </article>
  );
}
