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

/** Why the database refused the readiness probe's write (a fixed vocabulary, no details). */
export const WriteFailureReasonSchema = Type.Union([
  Type.Literal('read-only'),
  Type.Literal('disk-full'),
  Type.Literal('busy'),
  Type.Literal('unavailable'),
  Type.Literal('failed'),
]);

/**
 * GET /api/health/ready: `ready` (200) when the database answers, every migration is applied and
 * the catalog is loaded; `degraded` (200) when, besides, the database refuses writes or the
 * identity provider or a monitor source is failing (`reasons` says why for the database);
 * `not-ready` (503) otherwise.
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
        databaseWrites: Check,
        migrations: Check,
        catalog: Check,
        identityProvider: Check,
        monitor: Check,
      },
      { additionalProperties: false },
    ),
    reasons: Type.Optional(
      Type.Object(
        { databaseWrites: Type.Optional(WriteFailureReasonSchema) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type WriteFailureReason = Static<typeof WriteFailureReasonSchema>;
export type Readiness = Static<typeof ReadinessSchema>;
export type CheckResult = Readiness['checks']['database'];
