/** Classes of the parts that only an interaction shows (menus, toasts). */
export const AFTER_INTERACTION: readonly string[];
/** The stylesheet in two: what the first screen needs, and the rules of those parts alone. */
export function splitCss(css: string): { first: string; rest: string };
/** The part of the stylesheet the first screen needs (splitCss's `first`). */
export function firstScreenCss(css: string): string;
