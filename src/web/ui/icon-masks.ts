/**
 * The drawings of the portal page's icons (lucide's own, from its icon modules' `__iconData`),
 * as CSS masks: the drawings are views of one SVG file (the sprite, a hashed build file), one
 * rule per icon sets `--icon` to its view, and the `.icon` rule of styles.css paints the text's
 * colour through it. The build writes the sprite and puts these rules once into index.html's
 * head (vite.config.ts). `icons.tsx` draws each icon as one empty `<span>` with the icon's
 * class: no SVG element and no `<use>` shadow tree per icon (decisions 0041, 0048).
 */
import * as arrowDown from 'lucide-react/icons/arrow-down';
import * as arrowUp from 'lucide-react/icons/arrow-up';
import * as bell from 'lucide-react/icons/bell';
import * as bookOpen from 'lucide-react/icons/book-open';
import * as circleCheck from 'lucide-react/icons/circle-check';
import * as circleQuestionMark from 'lucide-react/icons/circle-question-mark';
import * as circleX from 'lucide-react/icons/circle-x';
import * as clock from 'lucide-react/icons/clock';
import * as externalLink from 'lucide-react/icons/external-link';
import * as folderGit2 from 'lucide-react/icons/folder-git-2';
import * as gripVertical from 'lucide-react/icons/grip-vertical';
import * as heart from 'lucide-react/icons/heart';
import * as inbox from 'lucide-react/icons/inbox';
import * as info from 'lucide-react/icons/info';
import * as languages from 'lucide-react/icons/languages';
import * as lock from 'lucide-react/icons/lock';
import * as logOut from 'lucide-react/icons/log-out';
import * as menu from 'lucide-react/icons/menu';
import * as monitor from 'lucide-react/icons/monitor';
import * as moon from 'lucide-react/icons/moon';
import * as rotateCcwClock from 'lucide-react/icons/rotate-ccw-clock';
import * as search from 'lucide-react/icons/search';
import * as searchX from 'lucide-react/icons/search-x';
import * as settings from 'lucide-react/icons/settings';
import * as sun from 'lucide-react/icons/sun';
import * as triangleExclamationPoint from 'lucide-react/icons/triangle-exclamation-point';
import * as wrench from 'lucide-react/icons/wrench';
import * as x from 'lucide-react/icons/x';

/** One icon's drawing as lucide describes it: its name and its elements with attributes. */
export interface IconModule {
  name: string;
  node: [tag: string, attributes: Record<string, string>][];
}

/** The drawing an icon module of lucide-react carries (not in its types: hence the check). */
function drawing(module: object): IconModule {
  const data = (module as { __iconData?: IconModule }).__iconData;
  if (!data?.name || !Array.isArray(data.node)) {
    throw new Error('A lucide-react icon module has no drawing (__iconData).');
  }
  return { name: data.name, node: data.node };
}

export const ICON_MODULES = {
  arrowDown: drawing(arrowDown),
  arrowUp: drawing(arrowUp),
  bell: drawing(bell),
  bookOpen: drawing(bookOpen),
  circleCheck: drawing(circleCheck),
  circleQuestionMark: drawing(circleQuestionMark),
  circleX: drawing(circleX),
  clock: drawing(clock),
  externalLink: drawing(externalLink),
  folderGit2: drawing(folderGit2),
  gripVertical: drawing(gripVertical),
  heart: drawing(heart),
  inbox: drawing(inbox),
  info: drawing(info),
  languages: drawing(languages),
  lock: drawing(lock),
  logOut: drawing(logOut),
  menu: drawing(menu),
  monitor: drawing(monitor),
  moon: drawing(moon),
  rotateCcwClock: drawing(rotateCcwClock),
  search: drawing(search),
  searchX: drawing(searchX),
  settings: drawing(settings),
  sun: drawing(sun),
  triangleExclamationPoint: drawing(triangleExclamationPoint),
  wrench: drawing(wrench),
  x: drawing(x),
} satisfies Record<string, IconModule>;

/** The icons the status marks draw with lucide's stroke widened to 2.5 (`icon-bold`). */
export const BOLD_ICONS = [
  'circle-check',
  'circle-x',
  'clock',
  'wrench',
  'circle-question-mark',
  'rotate-ccw-clock',
] as const;

/**
 * The icons drawn filled as well as stroked (`icon-filled`: a chosen favourite's heart, a followed
 * app's bell).
 */
export const FILLED_ICONS = ['heart', 'bell'] as const;

/** The class that names an icon's drawing (icons.tsx writes it too, without this module). */
export const iconClass = (name: string) => `lucide-${name}`;

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** How a drawing is drawn: lucide's stroke (2) or a bolder one, outlined or filled. */
interface DrawingStyle {
  strokeWidth?: number;
  fill?: string;
}

/**
 * An icon's drawing as a cell of the sprite: an `<svg>` of 24 x 24 at `x`, with lucide's
 * attributes (stroke 2 or as given, round).
 */
function iconSvg(
  { node }: IconModule,
  x: number,
  { strokeWidth = 2, fill = 'none' }: DrawingStyle,
) {
  const elements = node.map(([tag, attributes]) => {
    const attrs = Object.entries(attributes)
      .filter(([attribute]) => attribute !== 'key')
      .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(String(value))}"`)
      .join('');
    return `<${tag}${attrs}/>`;
  });
  return (
    `<svg x="${x}" width="24" height="24" viewBox="0 0 24 24" fill="${fill}" stroke="#000" ` +
    `stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round">` +
    `${elements.join('')}</svg>`
  );
}

/** The distance between two drawings of the sprite: a 24-px cell and a gap that nothing crosses. */
const SPRITE_PITCH = 32;

/** One drawing of the sprite: its view's id, the rule's selector that uses it, what it draws. */
interface SpriteDrawing {
  id: string;
  selector: string;
  module: IconModule;
  style: DrawingStyle;
}

/**
 * Every drawing the page's icons use, each once: lucide's own for each icon (view
 * `lucide-<name>`), and the bold (`bold-<name>`) and filled (`filled-<name>`) drawings of the
 * icons that have them.
 */
function spriteDrawings(): SpriteDrawing[] {
  const byName = new Map(Object.values(ICON_MODULES).map((module) => [module.name, module]));
  const drawings = [...byName.values()].map((module) => ({
    id: iconClass(module.name),
    selector: `.${iconClass(module.name)}`,
    module,
    style: {},
  }));
  const variants = [
    { className: 'icon-bold', prefix: 'bold', names: BOLD_ICONS, drawing: { strokeWidth: 2.5 } },
    { className: 'icon-filled', prefix: 'filled', names: FILLED_ICONS, drawing: { fill: '#000' } },
  ];
  for (const { className, prefix, names, drawing } of variants) {
    for (const name of names) {
      const module = byName.get(name);
      if (!module) throw new Error(`No icon module for ${name} (${className})`);
      drawings.push({
        id: `${prefix}-${name}`,
        selector: `.${className}.${iconClass(name)}`,
        module,
        style: drawing,
      });
    }
  }
  return drawings;
}

/**
 * The sprite: one SVG file with every drawing side by side, each in a cell of its own
 * (`SPRITE_PITCH` apart) named by a `<view>` whose view box is that cell. `url(sprite#<id>)`
 * shows that drawing alone: the browser makes one image document for all the icons, when the
 * file arrives, rather than one per drawing while it styles the page (decision 0048).
 */
export function iconSprite(): string {
  const cells = spriteDrawings().map(({ id, module, style }, index) => {
    const x = index * SPRITE_PITCH;
    return `<view id="${id}" viewBox="${x} 0 24 24"/>${iconSvg(module, x, style)}`;
  });
  const width = cells.length * SPRITE_PITCH;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 24" width="${width}" ` +
    `height="24">${cells.join('')}</svg>`
  );
}

/**
 * The rules that give each icon its drawing: `.lucide-<name>{--icon:url(<sprite>#lucide-<name>)}`,
 * and the bold and filled drawings of the icons that have them (`.icon-bold.lucide-<name>`,
 * `.icon-filled…`). `spriteUrl` is the sprite's path as the page asks for it (`/assets/…`).
 */
export function iconMaskCss(spriteUrl: string): string {
  if (!/^\/[\w./-]+$/.test(spriteUrl)) throw new Error(`Not a sprite path: ${spriteUrl}`);
  return spriteDrawings()
    .map(({ id, selector }) => `${selector}{--icon:url(${spriteUrl}#${id})}`)
    .join('');
}
