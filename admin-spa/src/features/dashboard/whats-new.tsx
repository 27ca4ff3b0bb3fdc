// What's New (spec 002 §2.3, §3 Update history group): the latest course changes grouped by day,
// user and course; each group expands to its items with a section icon (0 to 5) and time.
import { Button as AriaButton, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { DASHBOARD_MESSAGES as M, type UpdateHistoryGroup } from '@rivet/shared/api/dashboard';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { useUpdateHistory } from './use-dashboard';

/** §2.3: the icon is chosen by the item's section number (decision 052 names them). */
export const SECTION_NAMES = ['Basic setup', 'Additional information', 'Curriculum', 'Pricing', 'Survey', 'Review and status'] as const;

const SECTION_ICONS: readonly string[] = [
  'M4 6h16M4 12h10M4 18h7', // basic setup: lines of text
  'M12 8v5m0 3h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z', // information
  'M4 5h6v6H4zM14 5h6v6h-6zM4 15h6v4H4zM14 15h6v4h-6z', // curriculum: modules
  'M12 3v18M16 7H10a3 3 0 0 0 0 6h4a3 3 0 0 1 0 6H7', // pricing
  'M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9', // survey
  'M20 6L9 17l-5-5', // review and status
];

const LAGOS = { timeZone: 'Africa/Lagos' } as const;
const dayHeading = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-NG', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const clock = (iso: string) => new Date(iso).toLocaleTimeString('en-NG', { hour: '2-digit', minute: '2-digit', ...LAGOS });

function SectionIcon({ section }: { section: number }) {
  const d = SECTION_ICONS[section] ?? SECTION_ICONS[5]!;
  return (
    <span className={`dash-update__icon dash-update__icon--${section}`} title={SECTION_NAMES[section] ?? SECTION_NAMES[5]}>
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={d} />
      </svg>
    </span>
  );
}

export function WhatsNew() {
  const query = useUpdateHistory();
  const byDate = new Map<string, UpdateHistoryGroup[]>();
  for (const g of query.data ?? []) byDate.set(g.date, [...(byDate.get(g.date) ?? []), g]);
  return (
    <section className="dash-panel dash-news" aria-labelledby="whats-new-title" aria-busy={query.isPending}>
      <h2 id="whats-new-title" className="dash-panel__title">
        What&apos;s New
      </h2>
      {query.data ? (
        query.data.length === 0 ? (
          <p className="dash-panel__pending">{M.noUpdates}</p>
        ) : (
          [...byDate].map(([date, groups]) => (
            <div key={date} className="dash-news__day">
              <h3 className="dash-news__date">{dayHeading(date)}</h3>
              {groups.map((g) => (
                <Disclosure key={`${g.userName}-${g.courseId}`} className="dash-update">
                  <Heading level={4} className="dash-update__heading">
                    <AriaButton slot="trigger" className="dash-update__trigger">
                      <span className="dash-update__count">{g.currentUpdates.length === 1 ? '1 update' : `${g.currentUpdates.length} updates`}</span>
                      <span className="dash-update__summary">
                        <strong>{g.userName}</strong> modified <strong>{g.courseTitle}</strong>
                      </span>
                      <svg className="dash-update__chevron" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                        <path d="M6 9l6 6 6-6" />
                      </svg>
                    </AriaButton>
                  </Heading>
                  <DisclosurePanel className="dash-update__panel">
                    <ul className="dash-update__items">
                      {g.currentUpdates.map((u) => (
                        <li key={u.time + u.description} className="dash-update__item">
                          <SectionIcon section={u.section} />
                          <span className="visually-hidden">{SECTION_NAMES[u.section] ?? SECTION_NAMES[5]}: </span>
                          <span className="dash-update__description">{u.description}</span>
                          <time className="dash-update__time" dateTime={u.time}>
                            {clock(u.time)}
                          </time>
                        </li>
                      ))}
                    </ul>
                  </DisclosurePanel>
                </Disclosure>
              ))}
            </div>
          ))
        )
      ) : query.error ? (
        <ScreenState kind="error" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <p className="dash-panel__pending" role="status">
          {M.fetchingUpdates}
        </p>
      )}
    </section>
  );
}
