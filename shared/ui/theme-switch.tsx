// Light, Dark or System (docs/decisions/091): the choice is kept on the device and drawn at once.
// Native radio buttons, not react-aria's RadioGroup: the learner's footer carries this on every
// page of the first route, whose JavaScript budget has no room for the group's machinery, and a
// fieldset of radios already has the keyboard and screen-reader behaviour a radio group needs.
import { useId, useSyncExternalStore } from 'react';
import { asThemeChoice, DARK_QUERY, resolveTheme, THEME_CHOICES, THEME_STORAGE_KEY, type ThemeChoice } from '../domain/theme';
import './theme-switch.css';

const listeners = new Set<() => void>();

export function readThemeChoice(): ThemeChoice {
  try {
    return asThemeChoice(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'light';
  }
}

const deviceDark = () => typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;

/** Draws the stored choice: <html data-theme> (tokens.css) and the browser bar's colour. */
export function applyTheme(choice: ThemeChoice = readThemeChoice()): void {
  const theme = resolveTheme(choice, deviceDark());
  document.documentElement.setAttribute('data-theme', theme);
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.content = getComputedStyle(document.documentElement).getPropertyValue(theme === 'dark' ? '--color-bg' : '--color-brand').trim() || meta.content;
  }
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Private mode without storage: the choice holds for this page only.
  }
  applyTheme(choice);
  for (const listener of listeners) listener();
}

let started = false;
/**
 * Called once by each app's entry: draws the stored choice (the server's head script already did,
 * but a dev server or a test page has none), follows the device while on System, and picks up a
 * choice made in another tab.
 */
export function startTheme(): void {
  if (started || typeof document === 'undefined') return;
  started = true;
  applyTheme();
  if (typeof matchMedia === 'function') matchMedia(DARK_QUERY).addEventListener('change', () => applyTheme());
  addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyTheme();
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored choice; 'light' while hydrating a server-drawn page (the server cannot know it). */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, () => 'light');
}

export function ThemeSwitch({ className }: { className?: string }) {
  const choice = useThemeChoice();
  const name = useId();
  return (
    <fieldset className={`rv-theme-switch ${className ?? ''}`.trim()}>
      <legend className="rv-theme-switch__legend">Theme</legend>
      <div className="rv-theme-switch__options">
        {THEME_CHOICES.map(({ value, label }) => (
          <label key={value} className="rv-theme-switch__option">
            <input type="radio" name={name} value={value} checked={choice === value} onChange={() => setThemeChoice(value)} />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
