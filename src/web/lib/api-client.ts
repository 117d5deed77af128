import { MAX_PER_PAGE } from '../../shared/api/paging.js';
import { MESSAGES } from '../../shared/messages.js';

/**
 * A failed API call. Carries what the spec's client error object carries (section 8): the URL,
 * the HTTP status (0 when no answer came back), the parsed response body, whether the request
 * was aborted, and the original error for network failures. `message` is written for people.
 */
export class ApiRequestError extends Error {
  readonly url: string;
  readonly status: number;
  readonly response: unknown;
  readonly isAbort: boolean;
  readonly originalError: unknown;

  constructor(init: {
    url: string;
    status: number;
    response?: unknown;
    isAbort?: boolean;
    originalError?: unknown;
    message: string;
  }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.url = init.url;
    this.status = init.status;
    this.response = init.response ?? null;
    this.isAbort = init.isAbort ?? false;
    this.originalError = init.originalError ?? null;
  }

  /** The answer's stable machine-readable `code` (e.g. `not_found`), when it has one. */
  get code(): string | undefined {
    const body = this.response;
    if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') {
      return body.code;
    }
    return undefined;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean>;
  /**
   * The request body: a Blob or a string is sent as it is (with the `content-type` header the
   * caller gives, else the Blob's own type); anything else as JSON.
   */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * `omit` sends the request without the session cookie, so the server answers as it would to
   * an anonymous visitor (used to reload the public apps on sign-out).
   */
  credentials?: RequestCredentials;
}

function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof Blob) {
    headers['content-type'] ??= body.type || 'application/octet-stream';
    return body;
  }
  if (typeof body === 'string') return body;
  headers['content-type'] ??= 'application/json';
  return JSON.stringify(body);
}

function resolveUrl(path: string, query: RequestOptions['query']): string {
  const url = new URL(path, globalThis.location.origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    url.searchParams.set(name, String(value));
  }
  return url.href;
}

function messageFor(status: number, body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    if (body.message.trim() !== '') return body.message;
  }
  return status === 404 ? MESSAGES.notFound : MESSAGES.generic;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Calls the portal's own API (same origin, JSON). Resolves with the parsed body of a 2xx answer
 * (`null` for 204 No Content); rejects with an ApiRequestError otherwise, a 2xx answer whose body
 * cannot be read as JSON included. The browser's session cookie is the only
 * credential: no token is ever read or stored here.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = resolveUrl(path, options.query);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const body = encodeBody(options.body, headers);
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      credentials: options.credentials ?? 'same-origin',
      headers,
      ...(body === undefined ? {} : { body }),
    });
  } catch (error) {
    const isAbort = error instanceof Error && error.name === 'AbortError';
    throw new ApiRequestError({
      url,
      status: 0,
      isAbort,
      originalError: error,
      message: isAbort ? 'The request was cancelled.' : MESSAGES.generic,
    });
  }
  if (!response.ok) {
    const answer = await readBody(response).catch(() => null);
    throw new ApiRequestError({
      url,
      status: response.status,
      response: answer,
      message: messageFor(response.status, answer),
    });
  }
  // No content is `null`; any other successful answer is JSON, or the request failed: a body
  // that cannot be read (the connection dropped on the way) or is something else (a proxy's
  // page) is never handed to a caller that would read fields of it.
  if (response.status === 204 || response.status === 205) return null as T;
  let answer: unknown;
  try {
    const text = await response.text();
    // A caller that asked for another type (an icon's SVG) gets the text as it came.
    const wantsJson =
      /json/i.test(headers.accept ?? '') ||
      /json/i.test(response.headers.get('content-type') ?? '');
    answer = wantsJson ? (JSON.parse(text) as unknown) : text;
  } catch (error) {
    throw new ApiRequestError({
      url,
      status: response.status,
      originalError: error,
      message: MESSAGES.generic,
    });
  }
  return answer as T;
}

/**
 * Every item of a list route (README, "Lists": `page`/`perPage` in, `items` and `totalPages`
 * out), read page by page at the largest page size.
 */
export async function fetchEveryPage<T>(
  path: string,
  query: Record<string, string | number | boolean> = {},
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const list = await apiRequest<{ items: T[]; totalPages: number }>(path, {
      query: { ...query, page, perPage: MAX_PER_PAGE },
    });
    items.push(...list.items);
    // A short page is the last, whatever the totals say: never a request without end.
    if (list.items.length < MAX_PER_PAGE || !(page < list.totalPages)) return items;
  }
}
