// The colour theme (spec 002 §9: light by default, with a dark mode; docs/decisions/091). The
// choice is the device's, kept in localStorage under one key for both apps (they share an origin),
// and drawn as <html data-theme="light|dark">: tokens.css holds the dark values under that
// attribute only, so a dark-set phone still opens light until its owner picks Dark or System.

export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'rivet-theme';
export const THEME_CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];
export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function asThemeChoice(value: unknown): ThemeChoice {
  return value === 'dark' || value === 'system' ? value : 'light';
}

export function resolveTheme(choice: ThemeChoice, deviceDark: boolean): Theme {
  return choice === 'dark' || (choice === 'system' && deviceDark) ? 'dark' : 'light';
}

/**
 * Runs in <head> before the style sheets and the first paint (the server adds it to both apps'
 * HTML, server-drawn learner pages included, and lists its hash in the CSP): sets data-theme from
 * the stored choice, and follows the device while the choice is System. Kept tiny and ES5-safe; it
 * must agree with resolveTheme (theme.test.ts runs it).
 */
export const THEME_BOOT_SCRIPT =
  `(function(){var d=document.documentElement,m=window.matchMedia&&matchMedia('${DARK_QUERY}');` +
  `function a(){var c;try{c=localStorage.getItem('${THEME_STORAGE_KEY}')}catch(e){}` +
  `d.setAttribute('data-theme',c==='dark'||(c==='system'&&m&&m.matches)?'dark':'light')}` +
  `a();m&&m.addEventListener&&m.addEventListener('change',a)})();`;
