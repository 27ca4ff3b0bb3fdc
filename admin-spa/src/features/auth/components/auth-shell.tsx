// The frame of the signed-out screens: a brand panel beside the form on desktop, the form alone
// on a phone.
import type { ReactNode } from 'react';
import './auth-shell.css';

export function AuthShell({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="auth-shell">
      <aside className="auth-shell__brand" aria-hidden="true">
        <div className="auth-shell__logo">
          <span className="auth-shell__mark">R</span>
          <span>Rivet</span>
        </div>
        <p className="auth-shell__tagline">Courses, partners and learners across Nigeria, run from one console.</p>
      </aside>
      <main className="auth-shell__main">
        <div className="auth-shell__card">
          <div className="auth-shell__logo auth-shell__logo--compact" aria-hidden="true">
            <span className="auth-shell__mark">R</span>
            <span>Rivet</span>
          </div>
          <h1 className="auth-shell__title">{title}</h1>
          {intro ? <p className="auth-shell__intro">{intro}</p> : null}
          {children}
        </div>
      </main>
    </div>
  );
}
