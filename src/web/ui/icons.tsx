/**
 * The lucide icons of the portal page, each one empty `<span class="icon lucide-…">`: its
 * drawing is a CSS mask, a view of the icons' sprite file named by a rule in the page once
 * (`icon-masks.ts`, written by the build), painted in the text's colour by the `.icon` rule of
 * styles.css.
 *
 * Why not lucide-react's components: each of them puts the icon's whole drawing into every
 * card (four icons, about 2 KB of the 3.5 KB of a card's HTML) and rebuilds its SVG description
 * on every render (decision 0041). Why not an SVG sprite with `<use>` (decision 0019): each `<use>`
 * makes the browser build a copy of the drawing, and at 500 apps the cards' 2,000 icons were half
 * of what the browser's parser and style work blocked the page for (decision 0041). Import icons
 * from this module in the portal page's components; the admin console, loaded apart, uses
 * lucide-react directly.
 */
import { memo, type HTMLAttributes, type ReactNode } from 'react';

export type IconProps = Omit<HTMLAttributes<HTMLSpanElement>, 'children' | 'style'> & {
  'data-icon'?: string;
  'data-filled'?: boolean;
  /** lucide's 2, or 2.5 for the status marks (icon-masks.ts `BOLD_ICONS`). */
  strokeWidth?: 2 | 2.5;
  /** `currentColor` fills the drawing (a chosen favourite's heart: `FILLED_ICONS`). */
  fill?: 'none' | 'currentColor';
};

/**
 * An icon component: takes a span's props (class names, `aria-hidden`, data attributes). Its
 * `mask` is the class that names its drawing, for an element that paints the icon itself, in a
 * pseudo-element of a component class of styles.css (a card's links and status mark): no element
 * of its own.
 */
export type Icon = ((props: IconProps) => ReactNode) & { readonly mask: string };

/**
 * An icon drawn by the mask of lucide's icon `name` (checked by icons.test.tsx). Exported for
 * chunks loaded on demand, which make their own icons (the main chunk stays small). A size class
 * (`size-4`) wins over the `.icon` rule's 24px; the stroke and fill props choose the bold or the
 * filled drawing.
 */
export function icon(name: string): Icon {
  // The class that icon-masks.ts gives the drawing (not imported: it holds every drawing).
  const mask = `lucide-${name}`;
  const Component = ({ className, strokeWidth = 2, fill = 'none', ...props }: IconProps) => {
    const classes = ['icon', mask];
    if (strokeWidth === 2.5) classes.push('icon-bold');
    if (fill === 'currentColor') classes.push('icon-filled');
    if (className) classes.push(className);
    return <span className={classes.join(' ')} {...props} />;
  };
  // Icons take static props: once drawn, a card's icons skip its later renders.
  return Object.assign(memo(Component), { mask });
}

export const Bell = icon('bell');
export const BookOpen = icon('book-open');
export const CircleCheck = icon('circle-check');
export const CircleHelp = icon('circle-question-mark');
export const CircleX = icon('circle-x');
export const Clock = icon('clock');
export const ExternalLink = icon('external-link');
export const FolderGit2 = icon('folder-git-2');
export const Heart = icon('heart');
export const History = icon('rotate-ccw-clock');
export const Inbox = icon('inbox');
export const Info = icon('info');
export const Languages = icon('languages');
export const Lock = icon('lock');
export const LogOut = icon('log-out');
export const Menu = icon('menu');
export const Monitor = icon('monitor');
export const Moon = icon('moon');
export const Search = icon('search');
export const SearchX = icon('search-x');
export const Settings = icon('settings');
export const Sun = icon('sun');
export const TriangleAlert = icon('triangle-exclamation-point');
export const Wrench = icon('wrench');
export const X = icon('x');
