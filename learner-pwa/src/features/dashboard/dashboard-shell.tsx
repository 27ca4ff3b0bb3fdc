// The dashboard's frame: on wide screens (≥1224 px) a sidebar with Dashboard and Courses (spec:
// the dashboard sidebar shows only on wide screens and when signed in — these routes need a
// session). Narrower screens reach the same places through the header's account menu.
import type { ReactNode } from 'react';
import { Link } from '@rivet/shared/ui/link';
import { paths } from '../../paths';

export function DashboardShell({ current, children }: { current: 'dashboard' | 'courses'; children: ReactNode }) {
  return (
    <div className="page dashboard-shell">
      <nav className="dashboard-sidebar" aria-label="Dashboard">
        <ul className="dashboard-sidebar__list">
          <li>
            <Link
              variant="plain"
              href={paths.dashboard}
              className="dashboard-sidebar__link"
              aria-current={current === 'dashboard' ? 'page' : undefined}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
              </svg>
              Dashboard
            </Link>
          </li>
          <li>
            <Link
              variant="plain"
              href={paths.myLearnings}
              className="dashboard-sidebar__link"
              aria-current={current === 'courses' ? 'page' : undefined}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M4 5.5A1.5 1.5 0 0 1 5.5 4H11v16H5.5A1.5 1.5 0 0 1 4 18.5zM13 4h5.5A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5H13z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                />
              </svg>
              Courses
            </Link>
          </li>
        </ul>
      </nav>
      <div className="dashboard-shell__main">{children}</div>
    </div>
  );
}
