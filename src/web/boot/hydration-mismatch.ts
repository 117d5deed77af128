/**
 * Says on the console when hydration finds other markup than the app renders. React did so by
 * itself; Preact (decision 0038) quietly creates the element anew, so the browser tests, which
 * fail on console errors, would no longer see a page whose server and browser renderings
 * differ. Preact calls this hook (`options._hydrationMismatch`, `__m` in its build) when, while
 * hydrating, it finds no element of the type it renders; hydration-mismatch.test.ts proves it
 * still does, so a Preact release that renames it fails the tests rather than silencing them.
 */
import { options } from 'preact';

interface VNodeLike {
  type: unknown;
}
type MismatchHook = (vnode: VNodeLike, excessDomChildren: unknown) => void;

export function reportHydrationMismatches(report = (text: string) => console.error(text)): void {
  const hooks = options as typeof options & { __m?: MismatchHook };
  const previous = hooks.__m;
  hooks.__m = (vnode, excessDomChildren) => {
    const type = typeof vnode.type === 'string' ? `<${vnode.type}>` : 'text';
    report(
      `Hydration mismatch: the server's markup has no ${type} where the app renders one; ` +
        'the browser made it anew.',
    );
    previous?.(vnode, excessDomChildren);
  };
}
