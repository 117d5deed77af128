import { Type, type Static } from 'typebox';

/** GET /api/health/live: the process is up. */
export const LiveSchema = Type.Object(
  { status: Type.Literal('ok') },
  { additionalProperties: false },
);

const Check = Type.Union([
  Type.Literal('ok'),
  Type.Literal('failed'),
  Type.Literal('degraded'),
  Type.Literal('off'),
  Type.Literal('unknown'),
]);

/**
 * GET /api/health/ready: `ready` (200) when the database answers, every migration is applied and
 * the catalog is loaded; `degraded` (200) when, besides, the identity provider or a monitor
 * source is failing; `not-ready` (503) otherwise.
 */
export const ReadinessSchema = Type.Object(
  {
    status: Type.Union([
      Type.Literal('ready'),
      Type.Literal('degraded'),
      Type.Literal('not-ready'),
    ]),
    checks: Type.Object(
      {
        database: Check,
        migrations: Check,
        catalog: Check,
        identityProvider: Check,
        monitor: Check,
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type Readiness = Static<typeof ReadinessSchema>;
export type CheckResult = Readiness['checks']['database'];
