import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api-client.js';
import { fieldErrorsOf } from './admin-errors.js';

describe('fieldErrorsOf', () => {
  it('keeps a message for a field named "__proto__" (the map has no prototype to replace)', () => {
    const response = JSON.parse(
      '{"status": 400, "message": "x", "data": {"fields": {"__proto__": "is a reserved name, not a field", "name": "is required"}}}',
    ) as unknown;
    const errors = fieldErrorsOf(
      new ApiRequestError({ url: '/api/admin/apps', status: 400, response, message: 'x' }),
    );
    expect(errors && Object.keys(errors)).toEqual(['__proto__', 'name']);
    expect(errors?.['__proto__']).toBe('is a reserved name, not a field');
  });
});
