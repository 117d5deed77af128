import { useEffect } from 'react';
import { notFoundTitle } from '../../shared/routes/client-routes.js';
import { followInApp, HOME_PATH } from './routes.js';

/**
 * Any path that is not a page of the portal: the server answers it with status 404, and this says
 * so, with the way home.
 */
export function NotFoundPage({ title, go }: { title: string; go(path: string): void }) {
  useEffect(() => {
    const before = document.title;
    document.title = notFoundTitle(title);
    return () => {
      document.title = before.startsWith('Page not found') ? title.trim() || 'App Portal' : before;
    };
  }, [title]);
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link may have a typo.</p>
      <p>
        <a
          className="link link-primary"
          href={HOME_PATH}
          onClick={(event) => followInApp(event, go)}
        >
          Go to the portal’s home page
        </a>
      </p>
    </main>
  );
}
