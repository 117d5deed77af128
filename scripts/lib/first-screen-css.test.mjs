import { describe, expect, it } from 'vitest';
import { firstScreenCss, splitCss } from './first-screen-css.mjs';

describe('the first screen’s stylesheet', () => {
  it('leaves out the rules of menus and toasts, with their modifiers, and keeps the rest in order', () => {
    const css =
      '.btn{color:red}.menu{display:flex}.menu-title{padding:0}.toast-end{inset:0}' +
      '.card .menu li{margin:0}.badge{color:blue}';
    expect(firstScreenCss(css)).toBe('.btn{color:red}.badge{color:blue}');
  });

  it('keeps other names that merely contain the words, and the other selectors of a list', () => {
    const css = '.user-menu,.menu{color:red}.menus-x{color:green}.toaster{color:blue}';
    expect(firstScreenCss(css)).toBe(
      '.user-menu{color:red}.menus-x{color:green}.toaster{color:blue}',
    );
  });

  it('drops at-rules left empty, nested ones too, and keeps keyframes whole', () => {
    const css =
      '@layer utilities{@media (hover:hover){.menu:hover{color:red}}.btn{color:red}}' +
      '@supports (display:grid){.toast{display:grid}}' +
      '@keyframes menu-in{from{opacity:0}to{opacity:1}}';
    expect(firstScreenCss(css)).toBe(
      '@layer utilities{.btn{color:red}}@keyframes menu-in{from{opacity:0}to{opacity:1}}',
    );
  });

  it('keeps layer order statements and the theme’s custom properties', () => {
    const css =
      '@layer theme,base,components,utilities;:root{--menu-gap:1rem}.menu{gap:var(--menu-gap)}';
    expect(firstScreenCss(css)).toBe(
      '@layer theme,base,components,utilities;:root{--menu-gap:1rem}',
    );
  });

  it('puts the rules left out, and nothing else, in the rest, inside the same layers', () => {
    const css =
      '@layer theme,base,utilities;@property --tw-x{syntax:"*";inherits:false}' +
      ':root{--menu-gap:1rem}@layer utilities{@layer daisyui{.btn{color:red}.menu li,.btn-x{gap:0}}' +
      '@media (hover:hover){.menu:hover{color:red}}}@keyframes toast-in{from{opacity:0}}' +
      '.toast{inset:0}';
    const { first, rest } = splitCss(css);
    expect(rest).toBe(
      '@layer utilities{@layer daisyui{.menu li{gap:0}}@media (hover:hover){.menu:hover{color:red}}}' +
        '.toast{inset:0}',
    );
    expect(first).toBe(
      '@layer theme,base,utilities;@property --tw-x{syntax:"*";inherits:false}' +
        ':root{--menu-gap:1rem}@layer utilities{@layer daisyui{.btn{color:red}.btn-x{gap:0}}}' +
        '@keyframes toast-in{from{opacity:0}}',
    );
  });
});
