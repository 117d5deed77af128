import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { checkSilently } from './features/auth/api/silent-check.js';
import { currentPath, navigateTo, submitPost } from './lib/browser.js';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <App
      environment={{
        storage: window.localStorage,
        currentPath,
        navigate: navigateTo,
        submitPost,
        silentSignOn: { check: () => checkSilently(), storage: window.sessionStorage },
      }}
    />
  </StrictMode>,
);
