import { Type, type Static } from 'typebox';
import { RecordIdSchema } from './ids.js';
import { PAGE_QUERY, pageSchema } from './list-schemas.js';

/** Where a delivery stands (docs/access-requests-delivery.md, "Deliveries that keep failing"). */
export const DELIVERY_STATES = ['pending', 'sent', 'failed', 'skipped'] as const;

export const DeliveryStateSchema = Type.Union(
  [Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed'), Type.Literal('skipped')],
  {
    description:
      '`pending`: waiting or between retries; `sent`; `failed`: gave up after the last attempt (retry it); `skipped`: mail or webhook not configured.',
  },
);

export const DeliverySchema = Type.Object(
  {
    id: Type.String(),
    kind: Type.Union([Type.Literal('mail'), Type.Literal('webhook')]),
    to: Type.Array(Type.String(), { description: 'Mail: its recipients. Webhook: empty.' }),
    summary: Type.String({ description: 'Mail: its subject. Webhook: the event.' }),
    state: DeliveryStateSchema,
    attempts: Type.Integer({ minimum: 0 }),
    lastError: Type.String({
      description: 'Why the last attempt failed (no secrets); empty if none did.',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When a pending delivery is tried next; null otherwise.',
    }),
    sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { additionalProperties: false },
);

export type Delivery = Static<typeof DeliverySchema>;

export const DeliveriesQuerySchema = Type.Object(
  { state: Type.Optional(DeliveryStateSchema), ...PAGE_QUERY },
  { additionalProperties: false },
);

export const DeliveryListSchema = Type.Object(pageSchema(DeliverySchema, 'Newest first.'), {
  additionalProperties: false,
});

export type DeliveryList = Static<typeof DeliveryListSchema>;

export const DeliveryParamsSchema = Type.Object(
  { deliveryId: RecordIdSchema('A delivery id.') },
  { additionalProperties: false },
);
