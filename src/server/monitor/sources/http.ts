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

export interface LinesResponse {
  status: number;
  contentType: string;
  /** The lines `keep` accepted, joined with newlines. */
  kept: string;
}

/**
 * GET read line by line as it arrives, with caps on the body's size and on one line's length
 * (a monitor endpoint answering one enormous line must not stall the server or fill its
 * memory): only the lines `keep` accepts are held, so memory stays as small as the answer's
 * useful part. Throws a SourceError naming the cap that was hit; the read is then dropped.
 */
export async function fetchLines(
  url: string,
  options: {
    timeoutMs: number;
    signal: AbortSignal;
    maxBytes: number;
    maxLineBytes: number;
    keep: (line: string) => boolean;
    headers?: Record<string, string>;
  },
): Promise<LinesResponse> {
  try {
    const response = await fetch(url, {
      headers: { 'user-agent': USER_AGENT, ...options.headers },
      signal: requestSignal(options.timeoutMs, options.signal),
    });
    const kept: string[] = [];
    let size = 0;
    let partial: Buffer[] = [];
    let partialBytes = 0;
    const finishLine = (bytes: Buffer) => {
      const line = bytes.toString('utf8').replace(/\r$/, '');
      if (options.keep(line)) kept.push(line);
    };
    if (response.body) {
      const reader = response.body.getReader();
      const fail = async (message: string) => {
        await reader.cancel().catch(() => undefined);
        throw new SourceError(message);
      };
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > options.maxBytes) {
          await fail(`the answer is larger than ${options.maxBytes} bytes`);
        }
        let chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10)) {
          const head = chunk.subarray(0, newline);
          if (partialBytes + head.length > options.maxLineBytes) {
            await fail(`a line of the answer is longer than ${options.maxLineBytes} bytes`);
          }
          finishLine(partial.length > 0 ? Buffer.concat([...partial, head]) : head);
          partial = [];
          partialBytes = 0;
          chunk = chunk.subarray(newline + 1);
        }
        partialBytes += chunk.length;
        if (partialBytes > options.maxLineBytes) {
          await fail(`a line of the answer is longer than ${options.maxLineBytes} bytes`);
        }
        if (chunk.length > 0) partial.push(Buffer.from(chunk));
      }
    }
    if (partialBytes > 0) finishLine(Buffer.concat(partial));
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      kept: kept.join('\n'),
    };
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw new SourceError(describeFailure(error, options.timeoutMs));
  }
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
