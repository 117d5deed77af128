import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test-support/server.js';
import { ApiRequestError, apiRequest } from './api-client.js';

describe('apiRequest', () => {
  it('answers the parsed JSON body and sends query fields', async () => {
    server.use(
      http.get('/api/things', ({ request }) =>
        HttpResponse.json({ page: new URL(request.url).searchParams.get('page') }),
      ),
    );
    await expect(apiRequest('/api/things', { query: { page: 2 } })).resolves.toEqual({
      page: '2',
    });
  });

  it('rejects with the error object the spec describes, carrying the server message', async () => {
    const body = { status: 400, message: 'Invalid request: x', data: {} };
    server.use(http.get('/api/things', () => HttpResponse.json(body, { status: 400 })));
    const error = await apiRequest('/api/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      url: 'http://localhost:3000/api/things',
      status: 400,
      response: body,
      isAbort: false,
      originalError: null,
      message: 'Invalid request: x',
    });
  });

  it("uses the catalogue's sentences when the server gives no message", async () => {
    server.use(
      http.get('/api/missing', () => new HttpResponse(null, { status: 404 })),
      http.get('/api/broken', () => new HttpResponse('oops', { status: 500 })),
    );
    await expect(apiRequest('/api/missing')).rejects.toThrow(
      "The requested resource wasn't found.",
    );
    await expect(apiRequest('/api/broken')).rejects.toThrow(
      'Something went wrong while processing your request.',
    );
  });

  it('reports network failures with status 0 and the original error', async () => {
    server.use(http.get('/api/things', () => HttpResponse.error()));
    const error = (await apiRequest('/api/things').catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBe(0);
    expect(error.isAbort).toBe(false);
    expect(error.originalError).toBeInstanceOf(Error);
    expect(error.message).toBe('Something went wrong while processing your request.');
  });

  // A 2xx answer whose body cannot be read (the connection dropped mid-body, a proxy's HTML) is
  // a failed request, never a `null` the caller would read `.items` of.
  it('rejects a successful answer whose body cannot be read or is not JSON', async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"items": ['));
        controller.error(new TypeError('network error'));
      },
    });
    server.use(
      http.get('/api/broken', () => new HttpResponse(broken, { status: 200 })),
      http.get('/api/html', () => HttpResponse.html('<html>proxy</html>')),
      http.get('/api/empty', () => new HttpResponse('', { status: 200 })),
    );
    for (const path of ['/api/broken', '/api/html', '/api/empty']) {
      const error = await apiRequest(path).catch((e: unknown) => e);
      expect(error, path).toBeInstanceOf(ApiRequestError);
      expect(error, path).toMatchObject({ status: 200, isAbort: false });
    }
  });

  it('answers null for 204 No Content', async () => {
    server.use(http.delete('/api/things/1', () => new HttpResponse(null, { status: 204 })));
    await expect(apiRequest<null>('/api/things/1', { method: 'DELETE' })).resolves.toBeNull();
  });
});
