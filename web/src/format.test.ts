import { describe, expect, it } from 'vitest';
import { wrap } from './format.ts';

describe('the formatting bar', () => {
  it('wraps a one-line selection inline and keeps it selected', () => {
    const r = wrap('say hello now', 4, 9, 'bold');
    expect(r.content).toBe('say **hello** now');
    expect(r.content.slice(r.start, r.end)).toBe('hello');
  });
  it('inserts a selected placeholder when nothing is selected', () => {
    const r = wrap('', 0, 0, 'italic');
    expect(r.content).toBe('*italic text*');
    expect(r.content.slice(r.start, r.end)).toBe('italic text');
  });
  it('selects the url of a new link', () => {
    const r = wrap('see docs', 4, 8, 'link');
    expect(r.content).toBe('see [docs](url)');
    expect(r.content.slice(r.start, r.end)).toBe('url');
  });
  it('fences several lines of code, and always fences a quote, on lines of their own', () => {
    expect(wrap('a\nb', 0, 3, 'code').content).toBe('```\na\nb\n```\n');
    expect(wrap('x', 0, 1, 'code').content).toBe('`x`');
    expect(wrap('intro: wise words', 7, 17, 'quote').content).toBe('intro: \n```quote\nwise words\n```\n');
    expect(wrap('', 0, 0, 'math').content).toBe('$$e^{i\\pi} + 1 = 0$$');
  });
});
