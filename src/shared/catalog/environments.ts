/** Deployment environments an app may run in, with the badge text the cards show. */
export const ENVIRONMENTS = ['prod', 'stage', 'dev'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const ENVIRONMENT_LABELS: Record<Environment, string> = {
  prod: 'Prod',
  stage: 'Stage',
  dev: 'Dev',
};

export function isEnvironment(value: unknown): value is Environment {
  return typeof value === 'string' && (ENVIRONMENTS as readonly string[]).includes(value);
}
