import type { AdminBranding, BrandingPatch } from '../../../../shared/api/branding-schemas.js';
import { apiRequest } from '../../../lib/api-client.js';

/** The portal's branding (/api/admin/portal, docs/admin.md) as the console calls it. */
export function getBranding(): Promise<AdminBranding> {
  return apiRequest<AdminBranding>('/api/admin/portal');
}

export function updateBranding(patch: BrandingPatch): Promise<AdminBranding> {
  return apiRequest<AdminBranding>('/api/admin/portal', { method: 'PATCH', body: patch });
}

export type BrandingImage = 'logo' | 'favicon';

export function putBrandingImage(kind: BrandingImage, file: Blob): Promise<AdminBranding> {
  return apiRequest<AdminBranding>(`/api/admin/portal/${kind}`, { method: 'PUT', body: file });
}

export function deleteBrandingImage(kind: BrandingImage): Promise<AdminBranding> {
  return apiRequest<AdminBranding>(`/api/admin/portal/${kind}`, { method: 'DELETE' });
}
