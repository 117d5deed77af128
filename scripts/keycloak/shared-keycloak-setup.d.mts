// Types of shared-keycloak-setup.mjs (a vitest global set-up).
export default function setup(): () => Promise<void>;
