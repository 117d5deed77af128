import { describe, expect, it } from 'vitest';
import { localeFor } from '../test-support/messages.js';
import { ApiRequestError } from './api-client.js';
import { errorText } from './error-text.js';

const failure = (status: number, response: unknown = null, isAbort = false) =>
  new ApiRequestError({ url: '/api/x', status, response, isAbort, message: 'English' });

describe('errorText', () => {
  const en = localeFor('en');
  const de = localeFor('de');

  it("shows the errors catalog's text for a known code, in the visitor's language", () => {
    const open = failure(409, { status: 409, code: 'request_open', message: 'x', data: {} });
    expect(errorText(en, open)).toBe('You already have an open request for this app.');
    expect(errorText(de, open)).toBe('Sie haben bereits eine offene Anfrage für diese App.');
    const limited = failure(429, { status: 429, code: 'too_many_requests', message: 'x' });
    expect(errorText(de, limited)).toMatch(/^Zu viele Versuche/);
  });

  it('falls back to the kind of failure for an unknown code, never to the English message', () => {
    const odd = failure(400, { status: 400, code: 'no_such_code', message: 'Server English' });
    expect(errorText(en, odd)).toBe('Something went wrong while processing your request.');
    expect(errorText(de, odd)).toBe('Bei der Bearbeitung Ihrer Anfrage ist etwas schiefgelaufen.');
    expect(errorText(de, new Error('boom'))).toBe(
      'Bei der Bearbeitung Ihrer Anfrage ist etwas schiefgelaufen.',
    );
  });

  it('says when the portal could not be reached, or the request was cancelled', () => {
    expect(errorText(en, failure(0))).toMatch(/^The portal could not be reached/);
    expect(errorText(de, failure(0))).toMatch(/^Das Portal ist nicht erreichbar/);
    expect(errorText(en, failure(0, null, true))).toBe('The request was cancelled.');
    expect(errorText(de, failure(0, null, true))).toBe('Die Anfrage wurde abgebrochen.');
  });

  it('says "not found" for a 404 without a code', () => {
    expect(errorText(en, failure(404))).toBe("The requested resource wasn't found.");
    expect(errorText(de, failure(404, { status: 404 }))).toBe(
      'Die angeforderte Ressource wurde nicht gefunden.',
    );
  });

  it('has a text for every code the server gives', () => {
    const codes = [
      'not_found',
      'bad_request',
      'validation_failed',
      'invalid_json',
      'unauthorized',
      'forbidden',
      'admins_only',
      'cross_site_request',
      'conflict',
      'precondition_required',
      'payload_too_large',
      'unsupported_media_type',
      'unprocessable_entity',
      'too_many_requests',
      'request_timeout',
      'headers_too_large',
      'uri_too_long',
      'malformed_url',
      'malformed_request',
      'internal_error',
      'service_unavailable',
      'database_busy',
      'database_unavailable',
      'restarting',
      'sign_in_not_configured',
      'sign_in_unavailable',
      'sign_in_invalid_link',
      'sign_in_expired',
      'sign_in_other_browser',
      'sign_in_refused',
      'request_open',
      'request_decided',
      'already_member',
      'not_an_approver',
      'own_request',
      'request_not_approved',
    ];
    for (const language of ['en', 'de', 'fr', 'es', 'ar'] as const) {
      const locale = localeFor(language);
      expect(
        codes.filter((code) => !locale.has(`errors.code.${code}`)),
        language,
      ).toEqual([]);
    }
  });
});
