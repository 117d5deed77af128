// The part of the page's stylesheet that its first screen needs, for the build (vite.config.ts,
// `firstScreenStylesheet`; docs/web.md, "The stylesheet: first screen, then the rest"). Every
// page inlines it; the whole stylesheet follows at the end of the body, loaded without holding
// the first paint, and once it applies, it restyles nothing that was shown (its rules come after
// and include every rule inlined, in the same order).
import postcss from 'postcss';

/**
 * Classes of the parts that only an interaction shows: daisyUI's menu (the user and language
 * menus, closed at first) and toast (messages after an action). A class counts with its
 * modifiers (`menu-title`, `toast-end`), never as part of another name (`user-menu`).
 */
export const AFTER_INTERACTION = ['menu', 'toast'];

const afterInteraction = new RegExp(`\\.(?:${AFTER_INTERACTION.join('|')})(?:-[\\w-]*)?(?![\\w-])`);

/**
 * The stylesheet without the rules of parts shown only after an interaction: a selector that
 * names such a class is left out of its list, and a rule with none left is dropped; at-rules
 * emptied by that go too. Everything else stays, in its order.
 */
export function firstScreenCss(css) {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test(rule.parent.name)) return;
    const kept = rule.selectors.filter((selector) => !afterInteraction.test(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  // Containers left empty (a media query or layer that only held such rules).
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
