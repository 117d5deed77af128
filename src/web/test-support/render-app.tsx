import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../app/app.js';

/** Renders the whole SPA with fake navigations (HTTP is faked by msw). */
export function renderApp(path = '/') {
  const navigate = vi.fn<(url: string) => void>();
  const submitPost = vi.fn<(url: string) => void>();
  const view = render(
    <App environment={{ storage: localStorage, currentPath: () => path, navigate, submitPost }} />,
  );
  return { ...view, navigate, submitPost };
}
