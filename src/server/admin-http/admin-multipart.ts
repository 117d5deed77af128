import type { FastifyRequest } from 'fastify';
import { BadRequestError, HttpError, PayloadTooLargeError } from '../http/errors.js';

/** What a multipart upload may hold: one file and a few fields (a form's extras). */
export const MULTIPART_LIMITS = { files: 1, fields: 5, parts: 6 } as const;

/**
 * The one file of a multipart upload, with the whole body read and its limits enforced: a
 * second file or a sixth field is a 413 (not ignored, as reading only the first file would),
 * a file over `fileSize` a 413, and a malformed body (no boundary, cut short, a broken part
 * header) a 400 instead of the parser's error surfacing as a 500.
 */
export async function readMultipartFile(
  request: FastifyRequest,
  fileSize: number,
): Promise<Buffer> {
  let file: Buffer | undefined;
  let fields = 0;
  try {
    for await (const part of request.parts({ limits: { ...MULTIPART_LIMITS, fileSize } })) {
      if (part.type === 'file') {
        if (file) throw new PayloadTooLargeError(tooMany());
        file = await part.toBuffer();
      } else if (++fields > MULTIPART_LIMITS.fields) {
        throw new PayloadTooLargeError(tooMany());
      }
    }
  } catch (error) {
    throw multipartError(error, fileSize);
  }
  if (!file) throw new BadRequestError('The multipart body has no file.');
  return file;
}

function tooMany(): string {
  return `A multipart upload holds one file and at most ${MULTIPART_LIMITS.fields} other fields.`;
}

/** The parser's errors as the project's: limits are 413, anything else malformed is 400. */
function multipartError(error: unknown, fileSize: number): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new PayloadTooLargeError(
      `The file is larger than ${Math.round(fileSize / 1024 / 1024)} MiB.`,
    );
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new PayloadTooLargeError(tooMany());
  }
  if (code === 'FST_PROTO_VIOLATION') {
    return new BadRequestError('A multipart field name is not allowed.');
  }
  return new BadRequestError(
    'The multipart body is malformed (no boundary, cut short, or a broken part).',
  );
}
