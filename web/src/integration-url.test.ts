import { describe, expect, it } from 'vitest';
import { integrationUrl } from './integration-url.ts';

describe('integrationUrl', () => {
  it('names the channel by id and the topic', () => {
    expect(integrationUrl('https://chat.example.com', 'github', 'KEY123', 7, 'commits & PRs'))
      .toBe('https://chat.example.com/api/v1/external/github?api_key=KEY123&stream=7&topic=commits+%26+PRs');
  });
  it('without a channel posts to the owner: no stream, no topic', () => {
    expect(integrationUrl('https://chat.example.com', 'jira', 'K', null, 'ignored')).toBe('https://chat.example.com/api/v1/external/jira?api_key=K');
  });
  it('adds the options filled in: text trimmed, checkboxes as true, the rest left out', () => {
    expect(integrationUrl('http://h', 'github', 'K', 3, '', { branches: ' main,release ', ignore_private_repositories: true, other: false, empty: '' }))
      .toBe('http://h/api/v1/external/github?api_key=K&stream=3&branches=main%2Crelease&ignore_private_repositories=true');
  });
});
