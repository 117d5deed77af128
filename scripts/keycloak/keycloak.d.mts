// Types of keycloak.mjs, for the TypeScript tests that start Keycloak.
export declare const KEYCLOAK_VERSION: string;
export declare const REALM: string;
export declare const REALM_FILE: string;

export declare function cacheDir(): string;
export declare function keycloakAvailability(version?: string): { ok: boolean; reason?: string };
export declare function ensureKeycloak(options?: {
  version?: string;
  log?: (line: string) => void;
}): Promise<string>;

export interface RunningKeycloak {
  /** `http://127.0.0.1:{port}/realms/app-portal`, or the realm of this file on a shared one */
  issuer: string;
  url: string;
  port: number;
  /** From launch to the realm answering, in milliseconds. */
  startupMs: number;
  logFile: string;
  /** Stops this Keycloak; on a shared one, removes this file's realm only. */
  stop(): Promise<void>;
}

export interface KeycloakOptions {
  version?: string;
  /** Portal addresses to allow as redirect and post-logout URIs besides the realm file's. */
  portalUrls?: string[];
  timeoutMs?: number;
  log?: (line: string) => void;
}

export declare function startKeycloak(options?: KeycloakOptions): Promise<RunningKeycloak>;

/** The variable naming a shared Keycloak's folder (set by shared-keycloak-setup.mjs). */
export declare const SHARED_KEYCLOAK_ENV: string;

/**
 * The test run's shared Keycloak, with a realm of this file's own (the realm file under another
 * name), when the run's global set-up provides one; else a Keycloak of its own.
 */
export declare function sharedKeycloak(options?: KeycloakOptions): Promise<RunningKeycloak>;

export declare function stopSharedKeycloak(dir: string): Promise<void>;
export declare function killSharedKeycloak(dir: string): void;
/** A folder for a test run's shared Keycloak, owned by this process. */
export declare function makeSharedKeycloakDir(root?: string): string;
/** Kills the shared Keycloaks whose run is gone and removes their folders; returns them. */
export declare function reapOrphanedSharedKeycloaks(root?: string): string[];
