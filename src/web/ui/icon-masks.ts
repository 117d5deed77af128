/**
 * The drawings of the portal page's icons (lucide's own, from its icon modules' `__iconData`),
 * and the sprite that holds them: an SVG of `<symbol>`s that the build puts once into
 * index.html (vite.config.ts), outside the React root, so neither the server rendering nor the
 * hydration handles it. `icons.tsx` draws each icon with `<use>` of its symbol.
 */
import * as arrowDown from 'lucide-react/icons/arrow-down';
import * as arrowUp from 'lucide-react/icons/arrow-up';
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

/** The id of an icon's symbol in the sprite. */
export const spriteId = (name: string) => `lucide-${name}`;

const escape = (value: string) => value.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The sprite's markup: a hidden SVG of no size (not `display: none`, which would keep some
 * browsers from drawing what refers to it), one `<symbol>` per icon.
 */
export function spriteMarkup(): string {
  const symbols = Object.values(ICON_MODULES).map(({ name, node }) => {
    const elements = node.map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([attribute]) => attribute !== 'key')
        .map(([attribute, value]) => ` ${attribute}="${escape(String(value))}"`)
        .join('');
      return `<${tag}${attrs}/>`;
    });
    return `<symbol id="${spriteId(name)}" viewBox="0 0 24 24">${elements.join('')}</symbol>`;
  });
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false" width="0" ' +
    `height="0" class="pointer-events-none absolute size-0 overflow-hidden">${symbols.join('')}</svg>`
  );
}
