import type { ReactNode } from 'react';
import { Button, Menu as AriaMenu, MenuItem, MenuTrigger, Popover, type Key } from 'react-aria-components';
import './menu.css';

export interface MenuAction {
  id: string;
  label: string;
  /** An app path or URL; the item then navigates. */
  href?: string;
  /** For items that act rather than navigate (e.g. Logout). */
  onAction?: () => void;
  tone?: 'default' | 'danger';
}

export interface MenuProps {
  /** Content of the trigger button (e.g. name + Avatar). */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is not text enough. */
  triggerLabel?: string;
  items: readonly MenuAction[];
  placement?: 'bottom end' | 'bottom start' | 'bottom';
  className?: string;
}

/** A button that opens a list of actions or links (avatar menus, row actions). */
export function Menu({ trigger, triggerLabel, items, placement = 'bottom end', className }: MenuProps) {
  const onAction = (key: Key) => items.find((i) => i.id === key)?.onAction?.();
  return (
    <MenuTrigger>
      <Button className={`rv-menu__trigger ${className ?? ''}`.trim()} aria-label={triggerLabel}>
        {trigger}
      </Button>
      <Popover placement={placement} className="rv-menu__popover">
        <AriaMenu className="rv-menu" items={items} onAction={onAction}>
          {(item) => (
            <MenuItem id={item.id} href={item.href} className={`rv-menu__item rv-menu__item--${item.tone ?? 'default'}`}>
              {item.label}
            </MenuItem>
          )}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
