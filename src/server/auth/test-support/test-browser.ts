import type { FastifyInstance } from 'fastify';

export interface BrowserResponse {
  status: number;
  url: string;
  headers: Headers;
  /** Every Set-Cookie line of this response. */
  setCookies: string[];
  body: string;
  location: string | undefined;
}

interface StoredCookie {
  value: string;
  expires: number | undefined;
}

/**
 * A minimal browser for sign-in tests: a cookie jar per origin, manual or followed redirects,
 * and form posts. Requests to `portal.origin` go through `app.inject` (the portal never
 * listens in tests); every other origin (the identity provider) is fetched over loopback.
 */
export function createTestBrowser(portal: { app: FastifyInstance; origin: string }) {
  const jar = new Map<string, Map<string, StoredCookie>>();

  function cookiesFor(origin: string): Map<string, StoredCookie> {
    let cookies = jar.get(origin);
    if (!cookies) {
      cookies = new Map();
      jar.set(origin, cookies);
    }
    return cookies;
  }

  function remember(origin: string, lines: string[]) {
    const cookies = cookiesFor(origin);
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      let expires: number | undefined;
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=');
        if (key.trim().toLowerCase() === 'max-age') expires = Date.now() + Number(val) * 1000;
        if (key.trim().toLowerCase() === 'expires' && expires === undefined) {
          expires = Date.parse(val);
        }
      }
      if (expires !== undefined && expires <= Date.now()) cookies.delete(name);
      else cookies.set(name, { value, expires });
    }
  }

  function cookieHeader(origin: string): string | undefined {
    const now = Date.now();
    const pairs = [...cookiesFor(origin)]
      .filter(([, cookie]) => cookie.expires === undefined || cookie.expires > now)
      .map(([name, cookie]) => `${name}=${cookie.value}`);
    return pairs.length > 0 ? pairs.join('; ') : undefined;
  }

  async function request(
    method: string,
    target: string,
    options: { headers?: Record<string, string>; form?: Record<string, string> } = {},
  ): Promise<BrowserResponse> {
    const url = new URL(target, portal.origin);
    const headers: Record<string, string> = { ...options.headers };
    const cookie = cookieHeader(url.origin);
    if (cookie) headers.cookie = cookie;
    const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';

    let response: BrowserResponse;
    if (url.origin === portal.origin) {
      const injected = await portal.app.inject({
        method: method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { host: url.host, ...headers },
        ...(body === undefined ? {} : { payload: body }),
      });
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(injected.headers)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [String(value)]) {
          responseHeaders.append(name, item);
        }
      }
      response = {
        status: injected.statusCode,
        url: url.href,
        headers: responseHeaders,
        setCookies: responseHeaders.getSetCookie(),
        body: injected.body,
        location: responseHeaders.get('location') ?? undefined,
      };
    } else {
      const fetched = await fetch(url, { method, headers, body, redirect: 'manual' });
      response = {
        status: fetched.status,
        url: url.href,
        headers: fetched.headers,
        setCookies: fetched.headers.getSetCookie(),
        body: await fetched.text(),
        location: fetched.headers.get('location') ?? undefined,
      };
    }
    remember(url.origin, response.setCookies);
    if (response.location) response.location = new URL(response.location, url).href;
    return response;
  }

  /** Follows redirects (GET after 303) until a non-redirect answer or `stop` says so. */
  async function follow(
    first: BrowserResponse,
    stop: (response: BrowserResponse) => boolean = () => false,
    limit = 10,
  ): Promise<BrowserResponse> {
    let response = first;
    for (let hops = 0; hops < limit; hops += 1) {
      if (response.status < 300 || response.status >= 400 || !response.location) return response;
      if (stop(response)) return response;
      response = await request('GET', response.location);
    }
    throw new Error(`more than ${limit} redirects`);
  }

  /** The first form of an HTML page (action and named inputs), for logging in by form post. */
  function form(html: string, index = 0): { action: string; fields: Record<string, string> } {
    const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)];
    const match = forms[index];
    if (!match) throw new Error(`no form ${index} in page:\n${html.slice(0, 2000)}`);
    const action = /action="([^"]*)"/i.exec(match[1] ?? '')?.[1]?.replace(/&amp;/g, '&') ?? '';
    const fields: Record<string, string> = {};
    for (const input of (match[2] ?? '').matchAll(/<input\b([^>]*)>/gi)) {
      const name = /name="([^"]*)"/i.exec(input[1] ?? '')?.[1];
      const value = /value="([^"]*)"/i.exec(input[1] ?? '')?.[1] ?? '';
      if (name) fields[name] = value.replace(/&amp;/g, '&');
    }
    return { action, fields };
  }

  return {
    get: (url: string, headers?: Record<string, string>) => request('GET', url, { headers }),
    post: (url: string, form?: Record<string, string>, headers?: Record<string, string>) =>
      request('POST', url, { form, headers }),
    request,
    follow,
    form,
    cookie(origin: string, name: string): string | undefined {
      return cookiesFor(origin).get(name)?.value;
    },
    setCookie(origin: string, name: string, value: string) {
      cookiesFor(origin).set(name, { value, expires: undefined });
    },
    deleteCookie(origin: string, name: string) {
      cookiesFor(origin).delete(name);
    },
    /** Copies this browser's cookies of one origin into another browser (same person, new tab). */
    shareCookies(
      origin: string,
      other: { setCookie(origin: string, name: string, value: string): void },
    ) {
      for (const [name, cookie] of cookiesFor(origin)) other.setCookie(origin, name, cookie.value);
    },
  };
}

export type TestBrowser = ReturnType<typeof createTestBrowser>;

/** The attributes of one Set-Cookie line, by lower-case name (flags map to true). */
export function cookieAttributes(line: string): Record<string, string | true> {
  const [, ...attributes] = line.split(';');
  const result: Record<string, string | true> = {};
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.trim().split('=');
    result[key.toLowerCase()] = rest.length > 0 ? rest.join('=') : true;
  }
  return result;
}

/**
 * Signs `user` in through the embedded demo identity provider's form (password = user name),
 * following the redirects until the portal's callback has run: the browser then holds the
 * portal's session cookie.
 */
export async function signInAtDevIdp(browser: TestBrowser, portal: string, user: string) {
  const page = await browser.follow(await browser.get('/auth/login?returnTo=%2F'));
  const { action, fields } = browser.form(page.body);
  await browser.follow(
    await browser.post(new URL(action, page.url).href, {
      ...fields,
      username: user,
      password: user,
    }),
    (response) => response.url.startsWith(`${portal}/auth/callback`),
  );
}
