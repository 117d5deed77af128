#!/usr/bin/env node
// Keycloak for local trials and tests (see docs/auth.md):
//   node scripts/keycloak/run.mjs fetch                      download and unpack it (cached)
//   node scripts/keycloak/run.mjs start [--portal-url URL]   run it until Ctrl-C
import { ensureKeycloak, keycloakAvailability, startKeycloak } from './keycloak.mjs';

const [command = 'start', ...rest] = process.argv.slice(2);
const log = (line) => console.log(line);

const availability = keycloakAvailability();
if (!availability.ok) {
  console.error(`Cannot run Keycloak here: ${availability.reason}.`);
  process.exit(1);
}

try {
  if (command === 'fetch') {
    console.log(await ensureKeycloak({ log }));
  } else if (command === 'start') {
    const portalUrls = [];
    for (let i = 0; i < rest.length; i += 1) {
      if (rest[i] === '--portal-url' && rest[i + 1]) portalUrls.push(rest[(i += 1)]);
      else throw new Error(`unknown argument ${rest[i]}`);
    }
    const keycloak = await startKeycloak({ portalUrls, log });
    console.log(`\nOIDC_ISSUER=${keycloak.issuer}`);
    console.log('Users: alice/alice, bob/bob, admin/admin. Ctrl-C stops Keycloak.\n');
    const stop = async () => {
      await keycloak.stop();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop());
    process.on('SIGTERM', () => void stop());
  } else {
    throw new Error(`unknown command ${command} (use fetch or start)`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
