// A vitest global set-up: one Keycloak for the whole test run (sharedKeycloak in keycloak.mjs).
// It names a folder for it in APP_PORTAL_SHARED_KEYCLOAK, which the test files' processes
// inherit; the first file that asks for Keycloak starts it there, the next ones reuse it, each
// in a realm of its own (a folder already named in the environment, as `npm test` names one for
// all its runs, is used as it is). The teardown stops it; a run that ends otherwise kills it on exit. A
// run killed outright (SIGKILL) runs no exit hook: the next run's set-up kills what it left.
import { rmSync } from 'node:fs';
import {
  killSharedKeycloak,
  makeSharedKeycloakDir,
  reapOrphanedSharedKeycloaks,
  SHARED_KEYCLOAK_ENV,
  stopSharedKeycloak,
} from './keycloak.mjs';

export default function setup() {
  // `npm test` holds one for all its vitest runs (scripts/test.mjs): stopping it is its job.
  if (process.env[SHARED_KEYCLOAK_ENV]) return undefined;
  reapOrphanedSharedKeycloaks();
  const dir = makeSharedKeycloakDir();
  process.env[SHARED_KEYCLOAK_ENV] = dir;
  const onExit = () => {
    killSharedKeycloak(dir);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  return async () => {
    process.removeListener('exit', onExit);
    await stopSharedKeycloak(dir);
    rmSync(dir, { recursive: true, force: true });
    delete process.env[SHARED_KEYCLOAK_ENV];
  };
}
