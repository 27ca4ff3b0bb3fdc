import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveTheme, THEME_BOOT_SCRIPT, THEME_STORAGE_KEY, type ThemeChoice } from '../domain/theme';
import { ThemeSwitch } from './theme-switch';

let deviceDark = false;
const changeListeners = new Set<() => void>();

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  deviceDark = true;
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && deviceDark;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => changeListeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => changeListeners.delete(listener),
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  changeListeners.clear();
});

const theme = () => document.documentElement.getAttribute('data-theme');
const runBootScript = () => new Function(THEME_BOOT_SCRIPT)() as void;

describe('theme switch', () => {
  it('is Light by default, even on a dark-set device', () => {
    render(<ThemeSwitch />);
    expect(screen.getByRole('group', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    runBootScript();
    expect(theme()).toBe('light');
  });

  it('Dark is drawn at once and remembered; System follows the device', async () => {
    const user = userEvent.setup();
    render(<ThemeSwitch />);
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(theme()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(theme()).toBe('dark');
    deviceDark = false;
    document.documentElement.removeAttribute('data-theme');
    runBootScript();
    expect(theme()).toBe('light');
    deviceDark = true;
    for (const listener of changeListeners) listener();
    expect(theme()).toBe('dark');

    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(theme()).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('the head script agrees with resolveTheme for every stored value and device', () => {
    for (const stored of ['light', 'dark', 'system', null, 'purple'] as const) {
      for (const dark of [false, true]) {
        deviceDark = dark;
        if (stored === null) localStorage.removeItem(THEME_STORAGE_KEY);
        else localStorage.setItem(THEME_STORAGE_KEY, stored);
        runBootScript();
        const choice: ThemeChoice = stored === 'dark' || stored === 'system' ? stored : 'light';
        expect(theme(), `${stored} on a ${dark ? 'dark' : 'light'} device`).toBe(resolveTheme(choice, dark));
      }
    }
  });
});
