import { describe, expect, it } from 'vitest';
import { csrfToken, encodeParams } from './api.ts';

describe('api', () => {
  it('reads the CSRF token from the csrftoken cookie, __Host- prefixed behind https', () => {
    expect(csrfToken('a=1; csrftoken=abc_DEF-1; b=2')).toBe('abc_DEF-1');
    expect(csrfToken('__Host-csrftoken=xyz')).toBe('xyz');
    expect(csrfToken('notcsrftoken=nope')).toBe('');
    expect(csrfToken('')).toBe('');
  });

  it('encodes parameters as Zulip does: strings as they are, the rest as JSON', () => {
    expect(encodeParams({ a: 'x y', b: [1, 2], c: true, d: undefined }).toString()).toBe('a=x+y&b=%5B1%2C2%5D&c=true');
  });
});
