// The sidebar's links: the items the spec's visibility rules give this user, of the screens that
// exist (screens.ts).
import { NavLink, useLocation } from 'react-router';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { visibleSidebar, type SidebarItem } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { builtSidebar } from '../../screens';
import { ChevronIcon, SidebarIcon } from './sidebar-icons';

const linkClass = ({ isActive }: { isActive: boolean }) => `sidebar__link${isActive ? ' sidebar__link--active' : ''}`;

function ItemLink({ item, nested }: { item: SidebarItem; nested?: boolean }) {
  return (
    <NavLink to={item.path} className={linkClass} end={item.path === '/dashboard'}>
      {nested ? <span className="sidebar__bullet" aria-hidden="true" /> : <SidebarIcon name={item.key} />}
      <span className="sidebar__label">{item.label}</span>
    </NavLink>
  );
}

function ItemGroup({ item }: { item: SidebarItem & { children: SidebarItem[] } }) {
  const { pathname } = useLocation();
  const containsCurrent = item.children.some((child) => pathname.startsWith(child.path));
  return (
    <Disclosure className="sidebar__group" defaultExpanded={containsCurrent}>
      <Heading level={3} className="sidebar__group-heading">
        <Button slot="trigger" className={`sidebar__link sidebar__group-trigger${containsCurrent ? ' sidebar__link--within' : ''}`}>
          <SidebarIcon name={item.key} />
          <span className="sidebar__label">{item.label}</span>
          <ChevronIcon className="sidebar__chevron" />
        </Button>
      </Heading>
      <DisclosurePanel className="sidebar__panel">
        <ul className="sidebar__list sidebar__list--nested">
          {item.children.map((child) => (
            <li key={child.key}>
              <ItemLink item={child} nested />
            </li>
          ))}
        </ul>
      </DisclosurePanel>
    </Disclosure>
  );
}

export function SidebarNav() {
  const profile = useProfile();
  return <SidebarList items={builtSidebar(visibleSidebar({ role: profile.role, permissions: profile.permissions }))} />;
}

export function SidebarList({ items }: { items: readonly SidebarItem[] }) {
  return (
    <nav aria-label="Main" className="sidebar__nav">
      <ul className="sidebar__list">
        {items.map((item) => (
          <li key={item.key}>{item.children?.length ? <ItemGroup item={{ ...item, children: item.children }} /> : <ItemLink item={item} />}</li>
        ))}
      </ul>
    </nav>
  );
}
