import { fieldErrors } from '../../../shared/catalog/app-rules.js';
import { ApiRequestError } from '../api-client.js';

// What a failed admin API request means (docs/admin.md), for every part of the console.

/** Who changed the app since the version the caller had (the `data` of a 409). */
export interface Conflict {
  currentVersion: number;
  updatedBy: string;
  updatedAt: string;
  message: string;
}

function errorData(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof ApiRequestError)) return null;
  const body = error.response;
  if (!body || typeof body !== 'object' || !('data' in body)) return null;
  const { data } = body;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

export function conflictOf(error: unknown): Conflict | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const data = errorData(error) ?? {};
  return {
    currentVersion: typeof data.currentVersion === 'number' ? data.currentVersion : 0,
    updatedBy: typeof data.updatedBy === 'string' ? data.updatedBy : '',
    updatedAt: typeof data.updatedAt === 'string' ? data.updatedAt : '',
    message: error.message,
  };
}

/** True for a 404: the app is gone (for good, when asked with the trash included). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** The per-field messages of a 400 (`data.fields`), or null. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  const fields = errorData(error)?.fields;
  if (!fields || typeof fields !== 'object') return null;
  // No prototype: a field named "__proto__" stays a message instead of replacing the prototype.
  const result = fieldErrors();
  for (const [field, message] of Object.entries(fields)) {
    if (typeof message === 'string') result[field] = message;
  }
  return Object.keys(result).length > 0 ? result : null;
}

/** The problems of an invalid catalog file (`data.problems` of a 400), or []. */
export function problemsOf(error: unknown): string[] {
  const problems = errorData(error)?.problems;
  return Array.isArray(problems)
    ? problems.filter((problem): problem is string => typeof problem === 'string')
    : [];
}

/** A message for people from any failure. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
