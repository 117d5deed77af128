/** Classes of the parts that only an interaction shows (menus, toasts). */
export const AFTER_INTERACTION: readonly string[];
/** The stylesheet without the rules of parts shown only after an interaction. */
export function firstScreenCss(css: string): string;
