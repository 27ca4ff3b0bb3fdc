import type { ReactNode, RefObject } from 'react';
import { Button, Menu as AriaMenu, MenuItem, MenuTrigger, Popover, type Key, type MenuProps as AriaMenuProps } from 'react-aria-components';
import './menu-trigger.css';
import './menu.css';

type FocusStrategy = Exclude<AriaMenuProps<object>['autoFocus'], boolean | undefined>;

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
  return (
    <MenuTrigger>
      <Button className={`rv-menu__trigger ${className ?? ''}`.trim()} aria-label={triggerLabel}>
        {trigger}
      </Button>
      <Popover placement={placement} className="rv-menu__popover">
        <MenuList items={items} />
      </Popover>
    </MenuTrigger>
  );
}

export interface MenuPopoverProps {
  /** The button the caller draws: the list opens under it and gives focus back to it on close. */
  triggerRef: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  items: readonly MenuAction[];
  /** Which item takes focus on opening: 'last' when the trigger was opened with the up arrow. */
  autoFocus?: FocusStrategy;
  placement?: MenuProps['placement'];
}

/**
 * The same list for a trigger the caller owns, so a page can draw its trigger at once and load the
 * list (positioning, focus management, collections) only when it is first opened.
 */
export function MenuPopover({ triggerRef, isOpen, onOpenChange, items, autoFocus = 'first', placement = 'bottom end' }: MenuPopoverProps) {
  return (
    <Popover triggerRef={triggerRef} isOpen={isOpen} onOpenChange={onOpenChange} placement={placement} className="rv-menu__popover">
      <MenuList items={items} autoFocus={autoFocus} onClose={() => onOpenChange(false)} />
    </Popover>
  );
}

function MenuList({ items, autoFocus, onClose }: { items: readonly MenuAction[]; autoFocus?: FocusStrategy; onClose?: () => void }) {
  const onAction = (key: Key) => items.find((i) => i.id === key)?.onAction?.();
  return (
    <AriaMenu className="rv-menu" items={items} onAction={onAction} autoFocus={autoFocus} onClose={onClose}>
      {(item) => (
        <MenuItem id={item.id} href={item.href} className={`rv-menu__item rv-menu__item--${item.tone ?? 'default'}`}>
          {item.label}
        </MenuItem>
      )}
    </AriaMenu>
  );
}
