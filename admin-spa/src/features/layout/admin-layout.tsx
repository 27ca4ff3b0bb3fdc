// The signed-in frame (spec 2.14): header, sidebar, content. Above 1224px the sidebar is always
// shown; at or below it, it folds into a drawer opened from the header.
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { AdminHeader } from './admin-header';
import { SidebarNav } from './sidebar-nav';
import { CloseIcon } from './sidebar-icons';
import './admin-layout.css';

export function AdminLayout() {
  const { pathname } = useLocation();
  // The drawer belongs to the page it was opened on: following a link in it closes it.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === pathname;
  const setDrawerOpen = (open: boolean) => setDrawerOpenOn(open ? pathname : null);

  return (
    <div className="admin-layout">
      <a className="rv-skip-link" href="#main">
        Skip to content
      </a>
      <AdminHeader onOpenNavigation={() => setDrawerOpen(true)} />
      <div className="admin-layout__body">
        <aside className="sidebar admin-layout__sidebar">
          <SidebarNav />
        </aside>
        <main id="main" className="admin-layout__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <ModalOverlay isOpen={drawerOpen} onOpenChange={setDrawerOpen} isDismissable className="admin-drawer__overlay">
        <Modal className="admin-drawer">
          <Dialog aria-label="Navigation" className="admin-drawer__dialog sidebar">
            <div className="admin-drawer__top">
              <span className="admin-header__wordmark">Rivet</span>
              <IconButton className="admin-header__menu-button admin-drawer__close" aria-label="Close navigation" onPress={() => setDrawerOpen(false)}>
                <CloseIcon />
              </IconButton>
            </div>
            <SidebarNav />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}
