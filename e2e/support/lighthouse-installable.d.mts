/** Runs Lighthouse's installability audit on `url` with the Chromium at `chromePath`. */
export function lighthouseInstallable(
  url: string,
  chromePath: string,
): Promise<{ score: number | null; explanation: string | undefined }>;
