import { describe, expect, it } from 'vitest';
import { logoProblem } from './logo-file.js';

describe('logo files', () => {
  it('takes the portal’s image types up to 2 MiB', () => {
    expect(logoProblem(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toBeNull();
    expect(logoProblem(new File(['x'], 'a.ico', { type: '' }))).toBeNull();
    expect(logoProblem(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toMatch(/not a PNG/);
    expect(
      logoProblem(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' })),
    ).toMatch(/at most 2 MiB/);
  });
});
