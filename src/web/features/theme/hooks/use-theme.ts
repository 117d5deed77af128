import { useCallback, useState } from 'react';
import type { Theme } from '../../../../shared/theme/theme.js';
import { applyTheme, currentTheme } from '../utils/theme-cookie.js';

/**
 * The visitor's theme and how to change it. `initial` is what the server rendered the page with
 * (its state); without it (pages the browser renders) the cookie says.
 */
export function useTheme(initial?: Theme): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => initial ?? currentTheme());
  const choose = useCallback((next: Theme) => {
    applyTheme(next);
    setTheme(next);
  }, []);
  return [theme, choose];
}
