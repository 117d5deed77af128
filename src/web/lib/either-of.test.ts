import { describe, expect, it } from 'vitest';
import { eitherOf } from './either-of.js';

const t = (id: string, values?: Record<string, unknown>) =>
  id === 'list.separator' ? ', ' : `${String(values?.first)} or ${String(values?.last)}`;

describe('eitherOf', () => {
  it('names one, two or more alternatives', () => {
    expect(eitherOf(t, [])).toBe('');
    expect(eitherOf(t, ['Campus network'])).toBe('Campus network');
    expect(eitherOf(t, ['Campus network', 'VPN'])).toBe('Campus network or VPN');
    expect(eitherOf(t, ['Campus network', 'VPN', 'Lab'])).toBe('Campus network, VPN or Lab');
  });
});
