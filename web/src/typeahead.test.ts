import { describe, expect, it } from 'vitest';
import { matchRank, rank, triggerAt } from './typeahead.ts';

describe('typeahead matching', () => {
  it('ranks a prefix before a word prefix before a substring', () => {
    expect(matchRank('Ada Lovelace', 'ada')).toBe(0);
    expect(matchRank('Ada Lovelace', 'love')).toBe(1);
    expect(matchRank('Ada Lovelace', 'elac')).toBe(2);
    expect(matchRank('Ada Lovelace', 'bob')).toBe(-1);
    expect(matchRank('thumbs_up', 'up')).toBe(1);
  });

  it('orders by rank, then by the given order, and limits', () => {
    const people = ['Bob Adams', 'Adam Smith', 'Radar', 'Zed'];
    expect(rank(people, 'ad', (p) => [p])).toEqual(['Adam Smith', 'Bob Adams', 'Radar']);
    expect(rank(people, '', (p) => [p], 2)).toEqual(['Bob Adams', 'Adam Smith']);
  });

  it('finds the token before the caret', () => {
    expect(triggerAt('hi @ad', 6)).toEqual({ kind: 'mention', query: 'ad', start: 3 });
    expect(triggerAt('@**Ad', 5)).toEqual({ kind: 'mention', query: 'Ad', start: 0 });
    expect(triggerAt('see #gen', 8)).toEqual({ kind: 'channel', query: 'gen', start: 4 });
    expect(triggerAt('nice :sm', 8)).toEqual({ kind: 'emoji', query: 'sm', start: 5 });
    expect(triggerAt('at 10:30', 8)).toBeNull();
    expect(triggerAt('a:b', 3)).toBeNull();
    expect(triggerAt('mail@example', 12)).toBeNull();
  });
});
