export const ROOT: string;
/** A Node.js a step runs on (scripts/lib/node-lines.mjs). */
export interface NodeRef {
  exec: string;
  version: string;
  fetched: boolean;
}
export function ensureDependencies(nodes?: NodeRef[]): void;
export function ensureBuild(options?: { force?: boolean; node?: NodeRef }): void;
export function ensureChromium(): string;
export function ensureOtherEngines(): void;
export const FIREFOX_PATH: string;
export const WEBKIT_DRIVER_PATH: string;
export const XVFB_PATH: string;
export function run(
  command: string,
  args: string[],
  options?: { env?: Record<string, string>; allowFailure?: boolean },
): number;
export function runNpm(
  args: string[],
  options?: { env?: Record<string, string>; allowFailure?: boolean },
): number;
