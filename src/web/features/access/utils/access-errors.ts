import { ApiRequestError } from '../../../lib/api-client.js';

/** What a person reads when a request, a withdrawal or a decision fails. */
export function accessErrorMessage(
  error: unknown,
  action: 'request' | 'withdraw' | 'decide' | 'load',
): string {
  if (!(error instanceof ApiRequestError)) return 'Something went wrong. Please try again.';
  const server = serverMessage(error.response);
  switch (error.status) {
    case 0:
      return 'The portal could not be reached. Check your connection and try again.';
    case 400:
      return server ?? 'The portal did not accept this. Check what you wrote and try again.';
    case 401:
      return 'Your session has ended. Sign in again, then try once more.';
    case 403:
      return action === 'decide'
        ? 'You do not approve requests for this app.'
        : (server ?? 'You are not allowed to do this.');
    case 404:
      return action === 'request'
        ? 'This app cannot be requested (it may no longer exist or no longer be requestable).'
        : 'This request no longer exists.';
    case 409:
      if (action === 'request') return 'You already have an open request for this app.';
      if (action === 'decide') return 'Someone already decided this request.';
      return server ?? 'This request has already been decided.';
    case 429:
      return 'Too many attempts in a short time. Wait a minute, then try again.';
    default:
      return server ?? 'Something went wrong on the portal. Please try again later.';
  }
}

function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message.trim() || undefined;
  }
  return undefined;
}

/** A date as people read it ("12 Mar 2026"), in the browser's language. */
export function formatDate(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}
