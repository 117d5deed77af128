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
  /** `http://127.0.0.1:{port}/realms/app-portal` */
  issuer: string;
  url: string;
  port: number;
  /** From launch to the realm answering, in milliseconds. */
  startupMs: number;
  logFile: string;
  stop(): Promise<void>;
}

export declare function startKeycloak(options?: {
  version?: string;
  /** Portal addresses to allow as redirect and post-logout URIs besides the realm file's. */
  portalUrls?: string[];
  timeoutMs?: number;
  log?: (line: string) => void;
}): Promise<RunningKeycloak>;
