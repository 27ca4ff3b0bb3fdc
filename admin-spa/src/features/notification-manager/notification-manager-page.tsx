// Notification Manager (spec 002 §2.10, §4, §5, §6; decision 053): Add Notification and two tabs —
// Current Notification (current and upcoming: S/N, title, category, date, action with edit only
// while inactive, and the active toggle with its confirmation) and Past Notification (expired: S/N,
// title, category, date, message; a row expands to the strip and modal messages without markup).
// The create/edit form is a view of the same page (?view=new, ?view=edit&id=).
import { Fragment, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { InAppNotification } from '@rivet/shared/api/in-app-notifications';
import { isMaintenance, severityName, withoutMarkup } from '@rivet/shared/domain/in-app-notification';
import { Button } from '@rivet/shared/ui/button';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { EditIcon } from '../../components/row-icons';
import { StatusSwitch } from '../../components/status-switch';
import { useToggleConfirmation } from '../../components/toggle-confirmation';
import { NotificationForm } from './notification-form';
import { useNotificationCalls, useNotifications } from './use-notifications';
import '../../components/console-page.css';
import './notification-manager.css';

type NotificationTab = 'current' | 'past';

const stamp = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Africa/Lagos' });

/** §9: date and time separated by " - ". */
export function formatStamp(iso: string): string {
  const parts = Object.fromEntries(stamp.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day} ${parts.month} ${parts.year} - ${parts.hour}:${parts.minute}`;
}

// Only the two platform admin roles reach this page (screen-access.ts).
export function NotificationManagerPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view');
  const id = Number(params.get('id')) || null;
  const tab: NotificationTab = params.get('tab') === 'past' ? 'past' : 'current';
  const backToList = () => setParams(tab === 'past' ? { tab: 'past' } : {});

  if (view === 'new') return <NotificationForm notificationId={null} onDone={() => setParams({})} />;
  if (view === 'edit' && id) return <NotificationForm notificationId={id} onDone={backToList} />;

  return (
    <div className="console-page">
      <header className="console-page__header">
        <div>
          <h1 className="console-page__title">Notification Manager</h1>
          <p className="console-page__lead">The strip (and, when it has one, the modal) learners see under the app’s header. One notification is active at a time.</p>
        </div>
        <Button onPress={() => setParams({ view: 'new' })}>Add Notification</Button>
      </header>
      <Tabs selectedKey={tab} onSelectionChange={(key) => setParams(key === 'past' ? { tab: 'past' } : {})}>
        <TabList aria-label="Notifications" className="console-tabs__list">
          <Tab id="current" className="console-tabs__tab">
            Current Notification
          </Tab>
          <Tab id="past" className="console-tabs__tab">
            Past Notification
          </Tab>
        </TabList>
        <TabPanel id="current" className="console-tabs__panel">
          <NotificationTable tab="current" onEdit={(n) => setParams({ view: 'edit', id: String(n.id) })} onAdd={() => setParams({ view: 'new' })} />
        </TabPanel>
        <TabPanel id="past" className="console-tabs__panel">
          <NotificationTable tab="past" onEdit={() => undefined} onAdd={() => setParams({ view: 'new' })} />
        </TabPanel>
      </Tabs>
    </div>
  );
}

function CategoryBadge({ n }: { n: InAppNotification }) {
  return (
    <span className={`nm-category ${isMaintenance(n.inAppNotificationCategoryName) ? 'nm-category--maintenance' : 'nm-category--info'}`}>
      {n.inAppNotificationCategoryName}
      {n.inAppNotificationCategoryId === 1 ? <span className="nm-category__severity"> · {severityName(n.severity)}</span> : null}
    </span>
  );
}

function NotificationTable({ tab, onEdit, onAdd }: { tab: NotificationTab; onEdit: (n: InAppNotification) => void; onAdd: () => void }) {
  const list = useNotifications();
  const calls = useNotificationCalls();
  const [expanded, setExpanded] = useState<number | null>(null);
  const active = list.data?.find((n) => n.isActive && !n.expired);
  const toggle = useToggleConfirmation<InAppNotification & { name: string }>({
    noun: 'notification',
    toggle: (n, isActive) => calls.toggle(n, isActive),
    onDone: () => list.refetch(),
    failed: { activate: 'Failed to activate notification', deactivate: 'Failed to deactivate notification' },
    deactivateHint: () => 'Learners will no longer see it.',
    activateHint: (n) =>
      active && active.id !== n.id ? (
        <>
          This will deactivate the current notification, <strong>{active.title}</strong>: learners see one notification at a time.
        </>
      ) : (
        'This will deactivate the current notification, if there is one: learners see one notification at a time.'
      ),
  });

  if (list.error && !list.data) return <ScreenState kind="error" error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <ScreenState kind="loading" label="Loading notifications" />;
  const rows = list.data.filter((n) => (tab === 'past' ? n.expired : !n.expired));
  if (rows.length === 0) {
    return (
      <div className="nm__empty">
        <p>{tab === 'past' ? 'No past notifications yet.' : 'No current or upcoming notification.'}</p>
        {tab === 'current' ? (
          <Button variant="secondary" onPress={onAdd}>
            Add Notification
          </Button>
        ) : null}
      </div>
    );
  }
  const columns = tab === 'past' ? 5 : 6;
  return (
    <div className="console-table-wrap">
      <table className="console-table nm-table" aria-label={tab === 'past' ? 'Past notifications' : 'Current notifications'}>
        <thead>
          <tr>
            <th scope="col">S/N</th>
            <th scope="col">Title</th>
            <th scope="col">Category</th>
            <th scope="col">Date</th>
            {tab === 'past' ? (
              <th scope="col">Message</th>
            ) : (
              <>
                <th scope="col" className="nm-table__narrow">
                  Action
                </th>
                <th scope="col" className="nm-table__narrow">
                  Active
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((n, i) => (
            <Fragment key={n.id}>
              <tr>
                <td>{i + 1}</td>
                <th scope="row" className="nm-table__title">
                  {n.title}
                  {n.upComing ? <span className="nm__badge">Upcoming</span> : null}
                </th>
                <td>
                  <CategoryBadge n={n} />
                </td>
                <td className="nm-table__date">
                  <span>{formatStamp(n.startDate)}</span>
                  <span className="nm-table__to">to {formatStamp(n.endDate)}</span>
                </td>
                {tab === 'past' ? (
                  <td>
                    <Button variant="ghost" size="sm" aria-expanded={expanded === n.id} aria-controls={`nm-messages-${n.id}`} onPress={() => setExpanded(expanded === n.id ? null : n.id)}>
                      {expanded === n.id ? 'Hide message' : 'Show message'}
                    </Button>
                  </td>
                ) : (
                  <>
                    <td className="nm-table__narrow">
                      {n.isActive ? (
                        <span className="nm__hint">Deactivate to edit</span>
                      ) : (
                        <IconButton aria-label={`Edit ${n.title}`} onPress={() => onEdit(n)}>
                          <EditIcon />
                        </IconButton>
                      )}
                    </td>
                    <td className="nm-table__narrow">
                      <StatusSwitch label={`${n.title} active`} isActive={n.isActive} onChange={() => toggle.ask({ ...n, name: n.title })} />
                    </td>
                  </>
                )}
              </tr>
              {tab === 'past' && expanded === n.id ? (
                <tr id={`nm-messages-${n.id}`} className="nm-table__expanded">
                  <td colSpan={columns}>
                    <dl className="nm-messages">
                      <dt>Strip message</dt>
                      <dd>{withoutMarkup(n.stripMessage)}</dd>
                      <dt>Modal message</dt>
                      <dd>{n.showModal && n.modalMessage ? withoutMarkup(n.modalMessage) : 'No modal'}</dd>
                    </dl>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
      {toggle.dialog}
    </div>
  );
}
