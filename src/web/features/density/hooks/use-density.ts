import { useCallback, useEffect, useState } from 'react';
import type { Density } from '../../../../shared/density/density.js';
import { applyDensity, currentDensity, showDensity } from '../utils/density-cookie.js';

/**
 * The visitor's density and how to change it. `initial` is what the server rendered the page
 * with (its state); without it (the home page reached from another screen of the SPA, whose
 * page the server rendered without the home page's view) the cookie says, and the root element
 * is brought in line with it.
 */
export function useDensity(initial?: Density): [Density, (density: Density) => void] {
  const [density, setDensity] = useState<Density>(() => initial ?? currentDensity());
  useEffect(() => showDensity(density), [density]);
  const choose = useCallback((next: Density) => {
    applyDensity(next);
    setDensity(next);
  }, []);
  return [density, choose];
}
