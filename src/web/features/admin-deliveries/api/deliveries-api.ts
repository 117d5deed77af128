import type { Delivery, DeliveryList } from '../../../../shared/api/outbox-schemas.js';
import { apiRequest } from '../../../lib/api-client.js';

/** The access notifications' deliveries (/api/admin/outbox, docs/access-requests-delivery.md). */
export function listDeliveries(query: {
  state?: Delivery['state'];
  page: number;
  perPage: number;
}): Promise<DeliveryList> {
  return apiRequest<DeliveryList>('/api/admin/outbox', { query });
}

export function retryDelivery(id: string): Promise<Delivery> {
  return apiRequest<Delivery>(`/api/admin/outbox/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
  });
}
