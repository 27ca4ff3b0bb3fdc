// The settings area (spec 001 §2.9; spec 002 §2.12): a side-nav of the settings this user may see
// (settingsNav: each item for whoever holds one of its permissions) beside the chosen page. The
// /settings address itself opens the first of them.
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { settingsNav } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { isBuilt } from '../../screens';
import './settings.css';

export function useSettingsItems() {
  const profile = useProfile();
  return settingsNav({ role: profile.role, permissions: profile.permissions }).filter((item) => isBuilt(item.path));
}

export function SettingsLayout() {
  const items = useSettingsItems();
  return (
    <div className="settings">
      <nav className="settings__nav" aria-label="Settings">
        <h2 className="settings__nav-title">Settings</h2>
        <ul className="settings__nav-list">
          {items.map((item) => (
            <li key={item.key}>
              <NavLink to={item.path} className={({ isActive }) => `settings__nav-link${isActive ? ' settings__nav-link--active' : ''}`}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings__page">
        <Outlet />
      </div>
    </div>
  );
}

/** /settings: the first setting this user may see, or Not Found's words when there is none. */
export function SettingsIndex() {
  const items = useSettingsItems();
  const { search } = useLocation();
  if (items[0]) return <Navigate to={`${items[0].path}${search}`} replace />;
  return <p className="settings__none">There are no settings you may view.</p>;
}
