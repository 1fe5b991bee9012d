import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { AffiliateSettingsRequest, affiliateStatus, anonymizeEmail, firstName, referralPath } from './affiliates';
import { cutVideoTitle, VideoRequest, VideosQuery, youtubeIdFrom } from './videos';

describe('affiliates', () => {
  it('anonymizes e-mails: two letters of a longer name, one of a short one, the first of the host, the suffix', () => {
    expect(anonymizeEmail('joao.silva@gmail.com')).toBe('jo***@g***.com');
    expect(anonymizeEmail('ana@empresa.com.br')).toBe('a***@e***.com.br');
    expect(anonymizeEmail('x@localhost')).toBe('x***@l***');
    expect(anonymizeEmail('sem-arroba')).toBe('***');
    expect(anonymizeEmail('joao.silva@gmail.com')).not.toContain('silva');
  });

  it('first names, states and the referral path', () => {
    expect(firstName('  Maria  Oliveira Santos ')).toBe('Maria');
    expect(affiliateStatus({ email_verified_at: null, approved_at: null })).toBe('awaiting_verification');
    expect(affiliateStatus({ email_verified_at: '2026-01-01T00:00:00Z', approved_at: null })).toBe('awaiting_approval');
    expect(affiliateStatus({ email_verified_at: 'x', approved_at: 'y' })).toBe('approved');
    expect(referralPath('MARIA-7K3P')).toBe('/register?cupom=MARIA-7K3P');
  });

  it('the rule: a percentage with up to 2 decimals (as basis points) and whole years from 1 to 10', () => {
    expect(AffiliateSettingsRequest.parse({ reward_share: '12,5', validity_years: '3' })).toEqual({
      reward_share_bps: 1250,
      validity_years: 3,
    });
    for (const bad of [{ reward_share: -1 }, { reward_share: 100.01 }, { reward_share: 'abc' }]) {
      const r = AffiliateSettingsRequest.safeParse({ validity_years: 1, ...bad });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MESSAGES.affiliateShareInvalid);
    }
  });
});

describe('videos', () => {
  it('cuts titles at 40 characters with an ellipsis, counting characters, not UTF-16 units', () => {
    expect(cutVideoTitle('Curto')).toBe('Curto');
    const forty = 'a'.repeat(40);
    expect(cutVideoTitle(forty)).toBe(forty);
    expect(cutVideoTitle(`${'b'.repeat(39)} c e mais`)).toBe(`${'b'.repeat(39)}…`);
    expect(Array.from(cutVideoTitle('🥈'.repeat(50)))).toHaveLength(41);
  });

  it('reads the id from an id or any YouTube address, and nothing else', () => {
    const id = 'HgubixK-zbI';
    for (const text of [
      id,
      ` ${id} `,
      `https://www.youtube.com/watch?v=${id}&t=30s`,
      `youtube.com/watch?v=${id}`,
      `https://youtu.be/${id}?si=abc`,
      `https://www.youtube.com/shorts/${id}`,
      `https://www.youtube-nocookie.com/embed/${id}?rel=0`,
      `https://m.youtube.com/watch?v=${id}`,
    ]) {
      expect(youtubeIdFrom(text), text).toBe(id);
    }
    for (const text of [
      '',
      'curto',
      'https://vimeo.com/123456789',
      `https://evil.com/watch?v=${id}`,
      'javascript:alert(1)',
    ]) {
      expect(youtubeIdFrom(text), text).toBeNull();
    }
    expect(VideoRequest.safeParse({ youtube: 'https://vimeo.com/1', title: 'x', tag: 'tutorial' }).success).toBe(false);
  });

  it('the list query: 12 per page by default, at most 48, the two tags or none', () => {
    expect(VideosQuery.parse({})).toEqual({ page: 1, perPage: 12 });
    expect(VideosQuery.parse({ page: '2', perPage: '48', tag: 'tutorial' })).toEqual({
      page: 2,
      perPage: 48,
      tag: 'tutorial',
    });
    expect(VideosQuery.safeParse({ perPage: '49' }).success).toBe(false);
    expect(VideosQuery.safeParse({ tag: 'outro' }).success).toBe(false);
    // absent is every tag; an empty one is a bad choice like any other
    expect(VideosQuery.safeParse({ tag: '' }).success).toBe(false);
  });
});
