import { SourceError } from './source.js';

export const USER_AGENT = 'app-portal-monitor';

/** Aborts at the time-out or when the monitor stops, whichever comes first. */
export function requestSignal(timeoutMs: number, signal: AbortSignal): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
}

/** Why a request failed, in a few words for the log: "no answer within 5 s", "ECONNREFUSED". */
export function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof SourceError) return error.message;
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
    if (error.name === 'AbortError') return 'stopped';
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Error) {
      const code = (cause as { code?: unknown }).code;
      return typeof code === 'string' ? code : cause.message;
    }
    return error.message;
  }
  return String(error);
}

export interface TextResponse {
  status: number;
  contentType: string;
  text: string;
}

/**
 * GET with a time-out covering the whole exchange and a cap on the body's size, so a slow or
 * enormous answer cannot hold a monitor cycle or its memory.
 */
export async function fetchText(
  url: string,
  options: {
    timeoutMs: number;
    signal: AbortSignal;
    maxBytes: number;
    headers?: Record<string, string>;
  },
): Promise<TextResponse> {
  try {
    const response = await fetch(url, {
      headers: { 'user-agent': USER_AGENT, ...options.headers },
      signal: requestSignal(options.timeoutMs, options.signal),
    });
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > options.maxBytes) {
          await reader.cancel();
          throw new SourceError(`the answer is larger than ${options.maxBytes} bytes`);
        }
        chunks.push(value);
      }
    }
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: Buffer.concat(chunks).toString('utf8'),
    };
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw new SourceError(describeFailure(error, options.timeoutMs));
  }
}
