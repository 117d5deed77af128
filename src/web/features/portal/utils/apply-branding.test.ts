import { afterEach, describe, expect, it } from 'vitest';
import { retitle } from './apply-branding.js';

describe('retitle', () => {
  afterEach(() => {
    document.title = '';
  });

  it('keeps a page title that already names the portal (a 404 page the browser rendered)', () => {
    document.title = 'Page not found · App Portal';
    retitle(undefined, 'App Portal');
    expect(document.title).toBe('Page not found · App Portal');
  });

  it('sets the title when the page had another one and none was known before', () => {
    document.title = 'Loading';
    retitle(undefined, 'Genomics Portal');
    expect(document.title).toBe('Genomics Portal');
  });

  it('replaces the old portal title inside a page title', () => {
    document.title = 'Admin · App Portal';
    retitle('App Portal', 'Genomics Portal');
    expect(document.title).toBe('Admin · Genomics Portal');
    retitle('Genomics Portal', 'Genomics Portal');
    expect(document.title).toBe('Admin · Genomics Portal');
  });

  it('ignores an empty title', () => {
    document.title = 'App Portal';
    retitle('App Portal', '  ');
    expect(document.title).toBe('App Portal');
  });
});
