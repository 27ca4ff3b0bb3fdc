// Getting started (issue 28; decision 079): on a partner's dashboard (and, for platform staff, in
// the partner's detail modal), what is still missing before its first course can be published, each
// item with a link to the screen that fixes it, or saying that the platform has to act. It goes away
// once everything is done, and comes back if something is undone later (the last signatory
// deactivated, the only approver gone).
import type { ReactNode } from 'react';
import type { GettingStarted } from '@rivet/shared/api/getting-started';
import type { SetupItemKey } from '@rivet/shared/domain/getting-started';
import { useProfile } from '@rivet/shared/client/session-context';
import { Link } from '@rivet/shared/ui/link';
import { useGettingStarted } from './use-getting-started';
import { paths, updateInstitutionPath } from '../paths';
import { mayOpen, screenPattern } from '../screen-access';
import './getting-started-panel.css';

/** Settings › Instructors (decision 075). */
export const INSTRUCTORS_PATH = paths.instructors;

type Viewer = 'partner' | 'platform';
type State = 'done' | 'todo' | 'waiting';

interface ItemView {
  title: string;
  state: State;
  text: ReactNode;
  action?: { label: string; href: string };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : many}`;
const STATE_LABEL: Record<State, string> = { done: 'Done', todo: 'To do', waiting: 'Waiting for the platform' };

/** The words and link of each item, for a partner's own staff or for platform staff looking at it. */
export function itemView(key: SetupItemKey, done: boolean, s: GettingStarted, viewer: Viewer): ItemView {
  switch (key) {
    case 'instructor':
      return done
        ? { title: 'Instructors', state: 'done', text: `${plural(s.instructors, 'active instructor')}.` }
        : { title: 'Add an instructor', state: 'todo', text: 'Every course names its instructor: add at least one before creating a course.', action: { label: 'Open Instructors', href: INSTRUCTORS_PATH } };
    case 'signatory': {
      const settings = { label: 'Open Certificate Settings', href: `${paths.certificateSettings}?partner=${s.institutionId}` };
      if (done) return { title: 'Certificate signatory', state: 'done', text: `${plural(s.signatories, 'active signatory', 'active signatories')}.` };
      const meanwhile = s.platformSignatories
        ? `Until one is added, learners’ certificates are signed by ${s.platformName} on ${viewer === 'partner' ? 'your' : 'the partner’s'} behalf.`
        : `Until one is added, learners’ certificates carry only ${s.platformName}’s typed name, no signature.`;
      return { title: 'Add a certificate signatory', state: 'todo', text: `No active signatory. ${meanwhile}`, action: settings };
    }
    case 'approval': {
      const workflows = { label: 'Open Approval Settings', href: paths.approvalSettings };
      if (s.stuckWorkflows.length) {
        const names = s.stuckWorkflows.map((n) => `“${n}”`).join(', ');
        return { title: 'Fix an approval workflow', state: 'todo', text: `${names}: a level has fewer users who can still approve than it needs, so a course sent there would wait for ever.`, action: workflows };
      }
      if (!s.approvers) {
        return {
          title: 'Give someone Approve Course',
          state: 'todo',
          text: 'Nobody at the partner can approve courses: give an active staff member a role that holds Approve Course.',
          action: { label: 'Open Manage User', href: paths.manageUsers },
        };
      }
      const who = `${plural(s.approvers, 'staff member')} can approve.`;
      // Nobody approves a course they wrote or last edited (issue 28): one approver cannot clear their own.
      const alone = s.approvers === 1 ? ' Nobody approves a course they wrote or last edited, so a second approver helps.' : '';
      return s.workflows
        ? { title: 'Approval', state: 'done', text: `${plural(s.workflows, 'approval workflow')}; ${who}${alone}` }
        : { title: 'Approval', state: 'done', text: `Default: one approval by any of ${viewer === 'partner' ? 'your' : 'the partner’s'} approvers (${who.replace(/\.$/, '')}).${alone}`, action: { label: 'Set up a workflow', href: paths.approvalSettings } };
    }
    case 'settlement':
      if (done) return { title: 'Settlement account', state: 'done', text: `Sales are paid into the account at ${s.bankName ?? 'the bank on record'}.` };
      return viewer === 'platform'
        ? { title: 'Add settlement details', state: 'todo', text: 'The partner’s bank and account number are missing or the bank is no longer offered.', action: { label: 'Update Partner', href: updateInstitutionPath(s.institutionId) } }
        : { title: 'Settlement account', state: 'waiting', text: 'The platform records the bank and account number your share of each sale is paid into: ask the platform team to add them to your partner details.' };
    case 'revenueFormula':
      if (done) return { title: 'Revenue formula', state: 'done', text: `${plural(s.revenueFormulas, 'active formula')} ${s.revenueFormulas === 1 ? 'shares' : 'share'} the sales.` };
      return viewer === 'platform'
        ? { title: 'Create a revenue formula', state: 'todo', text: 'No active revenue formula names this partner: QA cannot approve its courses until one does.', action: { label: 'Open Revenue', href: paths.revenue } }
        : { title: 'Revenue formula', state: 'waiting', text: 'The platform sets the formula your courses’ sales are shared by; QA approves a course only with one that names you.' };
  }
}

export function GettingStartedPanel({ institutionId = null, viewer = 'partner', titleLevel = 2 }: { institutionId?: number | null; viewer?: Viewer; titleLevel?: 2 | 3 }) {
  const profile = useProfile();
  const query = useGettingStarted(institutionId);
  const status = query.data;
  // Advisory: while it loads, or if it cannot be read, the dashboard shows nothing rather than a gap.
  if (!status || status.complete) return null;
  // A step links only where the route guard would let this user in (screen-access.ts).
  const canOpen = (href: string) => screenPattern(href.split('?')[0]!) !== undefined && mayOpen(profile, href);
  const items = status.items.map((item) => ({ key: item.key, ...itemView(item.key, item.done, status, viewer) }));
  const doneCount = items.filter((i) => i.state === 'done').length;
  const first = status.publishedCourses === 0;
  const titleId = `getting-started-title${institutionId ? `-${institutionId}` : ''}`;
  const Title = titleLevel === 2 ? 'h2' : 'h3';

  return (
    <section className="dash-panel getting-started" aria-labelledby={titleId}>
      <div className="getting-started__head">
        <div>
          <Title id={titleId} className="dash-panel__title getting-started__title">
            {first ? 'Getting started' : 'Your partner setup needs attention'}
          </Title>
          <p className="getting-started__lead">
            {first
              ? `What is still missing before ${viewer === 'partner' ? 'your' : `${status.institutionName}’s`} first course can be published.`
              : 'Something published courses rely on is missing.'}
          </p>
        </div>
        <p className="getting-started__count">
          {doneCount} of {items.length} done
        </p>
      </div>
      <ol className="getting-started__list">
        {items.map((item) => (
          <li key={item.key} className={`getting-started__item getting-started__item--${item.state}`}>
            <span className="getting-started__mark" aria-hidden="true">
              {item.state === 'done' ? '✓' : item.state === 'waiting' ? '…' : '!'}
            </span>
            <div className="getting-started__body">
              <p className="getting-started__item-title">
                {item.title}{' '}
                <span className={`getting-started__state getting-started__state--${item.state}`}>{STATE_LABEL[item.state]}</span>
              </p>
              <p className="getting-started__text">{item.text}</p>
            </div>
            {item.action && item.state !== 'done' ? (
              canOpen(item.action.href) ? (
                <Link href={item.action.href} className="getting-started__action">
                  {item.action.label}
                </Link>
              ) : viewer === 'partner' ? (
                <span className="getting-started__ask">Ask your partner admin</span>
              ) : null
            ) : item.action && canOpen(item.action.href) ? (
              <Link href={item.action.href} className="getting-started__action getting-started__action--quiet">
                {item.action.label}
              </Link>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
