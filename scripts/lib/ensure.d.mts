export const ROOT: string;
export function ensureDependencies(): void;
export function ensureBuild(options?: { force?: boolean }): void;
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
