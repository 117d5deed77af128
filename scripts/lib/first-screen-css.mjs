// The page's stylesheet in two, for the build (vite.config.ts, `firstScreenStylesheet`;
// docs/web.md, "The stylesheet: first screen, then the rest"; decision 0061): what the first
// screen needs, which every page inlines, and the rules of the parts only an interaction shows,
// linked at the end of the body and loaded without holding the first paint.
import postcss from 'postcss';

/**
 * Classes of the parts that only an interaction shows: daisyUI's menu (the user and language
 * menus, closed at first) and toast (messages after an action). A class counts with its
 * modifiers (`menu-title`, `toast-end`), never as part of another name (`user-menu`).
 */
export const AFTER_INTERACTION = ['menu', 'toast'];

const afterInteraction = new RegExp(`\\.(?:${AFTER_INTERACTION.join('|')})(?:-[\\w-]*)?(?![\\w-])`);

/**
 * The stylesheet in two: `first`, every rule but those of parts shown only after an interaction
 * (a selector naming such a class leaves its list; a rule with none left goes), and `rest`,
 * those rules alone, inside the same at-rules and cascade layers, and nothing else (no
 * `@property`, keyframes, layer order or custom properties: those are the first's). Loaded after
 * the first, the rest restyles only the elements its selectors name, and, its layers being the
 * first's, sits in the cascade where it did. Containers left empty go from both.
 */
export function splitCss(css) {
  const first = postcss.parse(css);
  const rest = first.clone();
  first.walkRules((rule) => {
    if (inKeyframes(rule)) return;
    const kept = rule.selectors.filter((selector) => !afterInteraction.test(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  rest.walkRules((rule) => {
    if (inKeyframes(rule)) return;
    const later = rule.selectors.filter((selector) => afterInteraction.test(selector));
    if (later.length === 0) rule.remove();
    else if (later.length < rule.selectors.length) rule.selectors = later;
  });
  // Whatever is not a rule or a container of rules is the first's alone.
  rest.walk((node) => {
    if (
      node.type === 'atrule' &&
      (node.nodes === undefined || /keyframes$|^property$|^font-face$/i.test(node.name))
    ) {
      node.remove();
    } else if ((node.type === 'decl' || node.type === 'comment') && node.parent?.type !== 'rule') {
      node.remove();
    }
  });
  return { first: css === '' ? '' : withoutEmpty(first), rest: withoutEmpty(rest) };
}

/** The part of the stylesheet the first screen needs (splitCss's `first`). */
export function firstScreenCss(css) {
  return splitCss(css).first;
}

const inKeyframes = (rule) =>
  rule.parent?.type === 'atrule' && /keyframes$/i.test(rule.parent.name);

/** The sheet without the containers left empty (a media query or layer that held only such rules). */
function withoutEmpty(root) {
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes !== undefined && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  return root.toResult({ map: false }).css;
}
