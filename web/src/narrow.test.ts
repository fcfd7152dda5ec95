import { describe, expect, it } from 'vitest';
import { channelByNameOrSlug, channelNamesToIds, homeView, decodeHashComponent, encodeHashComponent, matchesNarrow, narrowToHash, narrowToSearch, parseHash, parseSearch, resolveSearch, toApiNarrow, type NarrowMessage } from './narrow.ts';

const names = { channelName: (id: number) => ({ 7: 'design team', 9: 'general' } as Record<number, string>)[id], userName: (id: number) => ({ 3: 'Ada Lovelace' } as Record<number, string>)[id] };

describe('#narrow URLs', () => {
  it('encodes like Zulip: percent becomes dot, dots are escaped first', () => {
    expect(encodeHashComponent('release plan')).toBe('release.20plan');
    expect(encodeHashComponent('v1.2')).toBe('v1.2E2');
    expect(decodeHashComponent('v1.2E2')).toBe('v1.2');
    expect(decodeHashComponent(encodeHashComponent('ünïcode / 100% ✔'))).toBe('ünïcode / 100% ✔');
  });

  it('writes channel and topic with the id and a slug', () => {
    expect(narrowToHash([{ operator: 'channel', operand: '7' }, { operator: 'topic', operand: 'logo ideas' }], names)).toBe('#narrow/channel/7-design-team/topic/logo.20ideas');
    expect(narrowToHash([{ operator: 'dm', operand: '3' }], names)).toBe('#narrow/dm/3-Ada-Lovelace');
    expect(narrowToHash([{ operator: 'dm', operand: '3,4' }], names)).toBe('#narrow/dm/3.2C4-group');
    expect(narrowToHash([], names)).toBe('#feed');
  });

  it('round-trips through parseHash', () => {
    const terms = [{ operator: 'channel', operand: '7' }, { operator: 'topic', operand: 'a.b/c d' }, { operator: 'near', operand: '42' }];
    expect(parseHash(narrowToHash(terms, names))).toEqual({ kind: 'narrow', terms });
    expect(parseHash(narrowToHash([{ operator: 'dm', operand: '3,4' }], names))).toEqual({ kind: 'narrow', terms: [{ operator: 'dm', operand: '3,4' }] });
  });

  it('reads Zulip legacy operators and the views', () => {
    expect(parseHash('#narrow/stream/9-general/subject/hi')).toEqual({ kind: 'narrow', terms: [{ operator: 'channel', operand: '9' }, { operator: 'topic', operand: 'hi' }] });
    expect(parseHash('#narrow/pm-with/3-ada')).toEqual({ kind: 'narrow', terms: [{ operator: 'dm', operand: '3' }] });
    expect(parseHash('#narrow/is/private')).toEqual({ kind: 'narrow', terms: [{ operator: 'is', operand: 'dm' }] });
    expect(parseHash('#narrow/-is/starred')).toEqual({ kind: 'narrow', terms: [{ operator: 'is', operand: 'starred', negated: true }] });
    expect(parseHash('')).toEqual({ kind: 'inbox' });
    expect(parseHash('#recent')).toEqual({ kind: 'recent' });
    expect(parseHash('#drafts')).toEqual({ kind: 'drafts' });
    expect(parseHash('#scheduled')).toEqual({ kind: 'scheduled' });
    expect(parseHash('#reminders')).toEqual({ kind: 'reminders' });
    expect(parseHash('', homeView('recent'))).toEqual({ kind: 'recent' });
    expect(parseHash('', homeView('all_messages'))).toEqual({ kind: 'narrow', terms: [] });
    expect(parseHash('', homeView('inbox'))).toEqual({ kind: 'inbox' });
    expect(parseHash('#all_messages')).toEqual({ kind: 'narrow', terms: [] });
    expect(parseHash('#settings/users')).toEqual({ kind: 'settings', section: 'users' });
    expect(parseHash('#settings/channel/12')).toEqual({ kind: 'settings', section: 'channel/12' });
  });
});

describe('search operators', () => {
  it('splits operators from free text, with quotes and negation', () => {
    expect(parseSearch('channel:general topic:"release plan" has:link build green')).toEqual([
      { operator: 'channel', operand: 'general' }, { operator: 'topic', operand: 'release plan' },
      { operator: 'has', operand: 'link' }, { operator: 'search', operand: 'build green' },
    ]);
    expect(parseSearch('-is:starred stream:x from:ada')).toEqual([
      { operator: 'is', operand: 'starred', negated: true }, { operator: 'channel', operand: 'x' }, { operator: 'sender', operand: 'ada' },
    ]);
    expect(parseSearch('time 10:30 "exact phrase"')).toEqual([{ operator: 'search', operand: 'time 10:30 exact phrase' }]);
    expect(parseSearch('')).toEqual([]);
  });

  it('resolves names to ids and keeps unknown names', () => {
    const lookup = { myId: 1, channelByName: (n: string) => (n === 'general' ? 9 : undefined), userByNameOrEmail: (n: string) => (n === 'ada@example.com' ? 3 : undefined) };
    expect(resolveSearch(parseSearch('channel:general sender:ada@example.com dm:me'), lookup)).toEqual([
      { operator: 'channel', operand: '9' }, { operator: 'sender', operand: '3' }, { operator: 'dm', operand: '1' },
    ]);
    expect(resolveSearch(parseSearch('channel:nope'), lookup)).toEqual([{ operator: 'channel', operand: 'nope' }]);
  });

  it('shows a narrow as search text and as the API narrow', () => {
    const terms = [{ operator: 'channel', operand: '7' }, { operator: 'topic', operand: 'two words' }, { operator: 'search', operand: 'hello' }];
    expect(narrowToSearch(terms, names)).toBe('channel:"design team" topic:"two words" hello');
    expect(toApiNarrow([{ operator: 'channel', operand: '7' }, { operator: 'dm', operand: '3,4' }, { operator: 'is', operand: 'starred', negated: true }])).toEqual([
      { operator: 'channel', operand: 7 }, { operator: 'dm', operand: [3, 4] }, { operator: 'is', operand: 'starred', negated: true },
    ]);
  });
});

describe('matching live messages', () => {
  const channelMsg: NarrowMessage = { id: 1, type: 'stream', stream_id: 7, subject: 'Logo', sender_id: 3, flags: [] };
  const dm: NarrowMessage = { id: 2, type: 'private', subject: '', sender_id: 3, flags: ['read', 'starred'], dmUserIds: [1, 3] };

  it('decides channel, topic (case-insensitive), dm, sender and is:', () => {
    expect(matchesNarrow(channelMsg, [{ operator: 'channel', operand: '7' }, { operator: 'topic', operand: 'logo' }], 1)).toBe(true);
    expect(matchesNarrow(channelMsg, [{ operator: 'channel', operand: '8' }], 1)).toBe(false);
    expect(matchesNarrow(dm, [{ operator: 'dm', operand: '3' }], 1)).toBe(true);
    expect(matchesNarrow(dm, [{ operator: 'dm', operand: '3,4' }], 1)).toBe(false);
    expect(matchesNarrow(dm, [{ operator: 'is', operand: 'starred' }], 1)).toBe(true);
    expect(matchesNarrow(channelMsg, [{ operator: 'is', operand: 'dm' }], 1)).toBe(false);
    expect(matchesNarrow(channelMsg, [{ operator: 'sender', operand: '3' }, { operator: 'is', operand: 'unread' }], 1)).toBe(true);
    expect(matchesNarrow(channelMsg, [{ operator: 'channel', operand: '7', negated: true }], 1)).toBe(false);
    expect(matchesNarrow(channelMsg, [], 1)).toBe(true);
  });

  it('leaves full-text search to the server', () => {
    expect(matchesNarrow(channelMsg, [{ operator: 'search', operand: 'x' }], 1)).toBeUndefined();
    expect(matchesNarrow(channelMsg, [{ operator: 'channel', operand: '8' }, { operator: 'search', operand: 'x' }], 1)).toBe(false);
  });
});

describe('channel names in URLs', () => {
  const channels = [{ stream_id: 12, name: 'Denmark' }, { stream_id: 15, name: 'core team' }, { stream_id: 20, name: 'core-team' }];
  const byName = (n: string) => channelByNameOrSlug(channels, n);

  it('turns a name, or its slug, into the channel id; ids and unknown names stay', () => {
    expect(channelNamesToIds(parseHash('#narrow/stream/Denmark/topic/Castle'), byName))
      .toEqual({ kind: 'narrow', terms: [{ operator: 'channel', operand: '12' }, { operator: 'topic', operand: 'Castle' }] });
    expect(channelNamesToIds(parseHash('#narrow/channel/denmark'), byName)).toEqual({ kind: 'narrow', terms: [{ operator: 'channel', operand: '12' }] });
    expect(channelNamesToIds(parseHash('#narrow/channel/core.20team'), byName)).toEqual({ kind: 'narrow', terms: [{ operator: 'channel', operand: '15' }] });
    // the exact name wins over another channel's slug
    expect(byName('core-team')).toBe(20);
    expect(byName('Core-Team')).toBe(20);
    expect(channelNamesToIds(parseHash('#narrow/channel/12-Denmark'), byName)).toEqual({ kind: 'narrow', terms: [{ operator: 'channel', operand: '12' }] });
    expect(channelNamesToIds(parseHash('#narrow/channel/Nowhere'), byName)).toEqual({ kind: 'narrow', terms: [{ operator: 'channel', operand: 'Nowhere' }] });
    expect(channelNamesToIds({ kind: 'inbox' }, byName)).toEqual({ kind: 'inbox' });
  });
});
