/**
 * The lucide icons of the portal page, shown with `<svg><use href="#lucide-…"/></svg>`: their
 * drawings are in the page once, in the sprite the build puts into index.html (`icon-sprite.ts`).
 *
 * Why not lucide-react's components: each of them puts the icon's whole drawing into every
 * card (four icons, about 2 KB of the 3.5 KB of a card's HTML) and rebuilds its SVG description
 * on every render, the largest share of the page's own script time at 500 apps (issue 12). The
 * outer `<svg>` keeps lucide's class name per icon, and its stroke and fill reach the drawing
 * through `<use>`. Import icons from this module in the portal
 * page's components; the admin console, loaded apart, uses lucide-react directly.
 */
import { memo, type ReactNode, type SVGProps } from 'react';

export type IconProps = Omit<
  SVGProps<SVGSVGElement>,
  'ref' | 'children' | 'fill' | 'strokeWidth' | 'style'
> & {
  'data-icon'?: string;
  'data-filled'?: boolean;
  /** lucide's 2, or 2.5 for the status marks. */
  strokeWidth?: 2 | 2.5;
  /** `currentColor` fills the drawing (a chosen favourite's heart). */
  fill?: 'none' | 'currentColor';
};

/** An icon component: takes an SVG element's props (class names, `aria-hidden`, stroke…). */
export type Icon = (props: IconProps) => ReactNode;

/**
 * An icon drawn by the sprite's symbol of lucide's icon `name` (checked by icons.test.tsx).
 * Exported for chunks loaded on demand, which make their own icons (the main chunk stays small).
 * lucide's attributes (size 24, no fill, a round stroke of 2 in the text's colour) come from the
 * `.icon` rule of styles.css rather than from each `<svg>`: at 500 apps they were a quarter of the
 * page's card markup (issue 26). A size class (`size-4`) and the stroke and fill props, as
 * classes, win over the rule.
 */
export function icon(name: string): Icon {
  const href = `#lucide-${name}`;
  const Component = ({ className, strokeWidth = 2, fill = 'none', ...props }: IconProps) => {
    const classes = [`icon lucide-${name}`];
    if (strokeWidth === 2.5) classes.push('stroke-[2.5]');
    if (fill === 'currentColor') classes.push('fill-current');
    if (className) classes.push(className);
    return (
      <svg viewBox="0 0 24 24" className={classes.join(' ')} {...props}>
        <use href={href} />
      </svg>
    );
  };
  // Icons take static props: once drawn, a card's icons skip its later renders.
  return memo(Component);
}

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
