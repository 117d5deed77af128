import { useEffect } from 'react';
import { DEFAULT_PORTAL_TITLE, notFoundTitle } from '../../shared/routes/client-routes.js';
import { useT } from '../lib/i18n.js';
import { followInApp, HOME_PATH } from './routes.js';

/**
 * Any path that is not a page of the portal: the server answers it with status 404, and this says
 * so, with the way home.
 */
export function NotFoundPage({ title, go }: { title: string; go(path: string): void }) {
  const t = useT();
  const heading = t('notFound.heading');
  useEffect(() => {
    const before = document.title;
    document.title = notFoundTitle(title, heading);
    return () => {
      document.title = before.startsWith(heading) ? title.trim() || DEFAULT_PORTAL_TITLE : before;
    };
  }, [title, heading]);
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p>{t('notFound.body')}</p>
      <p>
        <a
          className="link link-primary"
          href={HOME_PATH}
          onClick={(event) => followInApp(event, go)}
        >
          {t('notFound.home')}
        </a>
      </p>
    </main>
  );
}
