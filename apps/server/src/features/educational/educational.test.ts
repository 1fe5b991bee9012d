import { MESSAGES, VideoResponse, VideosResponse } from '@prata/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createCustomer, type Customer, staffMember, type TestApp } from '../../../test/helpers';
import { educationalVideos } from '@/db/schema/index';

let t: TestApp;
let support: Customer;
let customer: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  support = await staffMember(t, ['support'], 'Sara Suporte');
  customer = await createCustomer(t);
});

const list = (query = '', c = customer) =>
  t.app.inject({ method: 'GET', url: `/api/educational/videos${query}`, headers: bearer(c.token) });
const save = (payload: Record<string, unknown>, id?: number, c = support) =>
  t.app.inject({
    method: (id ? 'PUT' : 'POST') as 'PUT' | 'POST',
    url: id ? `/api/admin/videos/${id}` : '/api/admin/videos',
    headers: bearer(c.token),
    payload,
  });

describe('operators manage the videos', () => {
  it('create from an id or any YouTube address, edit and delete; audited', async () => {
    const made = await save({
      youtube: 'https://www.youtube.com/watch?v=hc838DHnals&t=12s',
      title: ' Aula 1 ',
      tag: 'informative',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      video: { youtube_id: 'hc838DHnals', title: 'Aula 1', tag: 'informative' },
      message: MESSAGES.videoCreated,
    });
    const id = made.json().video.id as number;
    for (const address of ['youtu.be/HgubixK-zbI', 'https://www.youtube.com/shorts/HgubixK-zbI?feature=x']) {
      const edited = await save({ youtube: address, title: 'Reserva de emergência', tag: 'tutorial' }, id);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        video: { id, youtube_id: 'HgubixK-zbI', tag: 'tutorial' },
        message: MESSAGES.videoSaved,
      });
    }
    const dup = await save({ youtube: 'HgubixK-zbI', title: 'De novo', tag: 'tutorial' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'ALREADY_EXISTS', errors: { youtube: [MESSAGES.videoAlreadyListed] } });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/videos/${id}`,
      headers: bearer(support.token),
    });
    expect(removed.json()).toEqual({ message: MESSAGES.videoDeleted });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/videos/${id}`,
      headers: bearer(support.token),
    });
    expect(gone.statusCode).toBe(404);
    expect((await save({ youtube: 'HgubixK-zbI', title: 'x', tag: 'tutorial' }, id)).statusCode).toBe(404);
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: bearer(support.token) });
    if (audit.statusCode === 200) expect(JSON.stringify(audit.json())).toContain('video.');
  });

  it('bad input is refused with its message and changes nothing; customers may not manage videos', async () => {
    const before = await t.database.db.select().from(educationalVideos);
    for (const [body, field, message] of [
      [{ youtube: 'https://vimeo.com/123', title: 'x', tag: 'tutorial' }, 'youtube', MESSAGES.videoYoutubeInvalid],
      [{ youtube: 'curto', title: 'x', tag: 'tutorial' }, 'youtube', MESSAGES.videoYoutubeInvalid],
      [{ youtube: 'hc838DHnals', title: '   ', tag: 'tutorial' }, 'title', MESSAGES.videoTitleRequired],
      [{ youtube: 'hc838DHnals', title: 'x'.repeat(151), tag: 'tutorial' }, 'title', MESSAGES.maxLength(150)],
      [{ youtube: 'hc838DHnals', title: 'x', tag: 'outro' }, 'tag', MESSAGES.videoTagInvalid],
      [{ youtube: 'hc838DHnals', title: 'x' }, 'tag', MESSAGES.videoTagInvalid],
    ] as const) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect((await save({ youtube: 'hc838DHnals', title: 'x', tag: 'tutorial' }, undefined, customer)).statusCode).toBe(
      403,
    );
    expect(await t.database.db.select().from(educationalVideos)).toEqual(before);
  });
});

describe('GET /api/educational/videos and /video/{id}', () => {
  it('12 per page by default, newest first, with the tag filter; a video by id; 404 for none', async () => {
    await t.database.db.delete(educationalVideos);
    const base = Date.now() - 1_000_000;
    const ids = 'abcdefghijklmnopq'.split('').map((ch) => `${ch.repeat(10)}${ch.toUpperCase()}`);
    await t.database.db.insert(educationalVideos).values(
      ids.map((youtubeId, i) => ({
        youtubeId,
        title: `Vídeo ${String(i).padStart(2, '0')}`,
        tag: i % 3 === 0 ? ('tutorial' as const) : ('informative' as const),
        createdAt: new Date(base + i * 1000),
      })),
    );
    const one = VideosResponse.parse((await list()).json()).videos;
    expect(one).toMatchObject({ total: 17, per_page: 12, current_page: 1, last_page: 2 });
    expect(one.data).toHaveLength(12);
    expect(one.data[0]!.title).toBe('Vídeo 16');
    const two = VideosResponse.parse((await list('?page=2')).json()).videos;
    expect(two.data.map((v) => v.title)).toEqual(['Vídeo 04', 'Vídeo 03', 'Vídeo 02', 'Vídeo 01', 'Vídeo 00']);

    const tutorials = VideosResponse.parse((await list('?tag=tutorial&perPage=4')).json()).videos;
    expect(tutorials).toMatchObject({ total: 6, per_page: 4, last_page: 2 });
    expect(tutorials.data.every((v) => v.tag === 'tutorial')).toBe(true);
    const informative = VideosResponse.parse((await list('?tag=informative&page=1&perPage=12')).json()).videos;
    expect(informative.total).toBe(11);
    expect(VideosResponse.parse((await list('?page=9')).json()).videos.data).toEqual([]);

    const video = await t.app.inject({
      method: 'GET',
      url: `/api/educational/video/${one.data[0]!.id}`,
      headers: bearer(customer.token),
    });
    expect(VideoResponse.parse(video.json()).video).toEqual(one.data[0]);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/educational/video/999999',
      headers: bearer(customer.token),
    });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.videoNotFound });
  });

  it('bad parameters are 422, never 500; no session is 401', async () => {
    for (const q of ['?tag=outro', '?tag=', '?perPage=0', '?perPage=49', '?perPage=abc', '?page=0', '?page=-2']) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await list('?tag=outro')).json().message).toBe(MESSAGES.videoTagInvalid);
    for (const id of ['abc', '0', '1.5', '99999999999999999999']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/educational/video/${id}`,
        headers: bearer(customer.token),
      });
      expect([404, 422], id).toContain(res.statusCode);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/educational/videos' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/educational/video/1' })).statusCode).toBe(401);
  });

  it("the page's CSP lets in YouTube's privacy-enhanced player and its thumbnails, and only those", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/educacional' });
    const csp = String(res.headers['content-security-policy'] ?? '');
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('frame-src').split(/\s+/).slice(1).sort()).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
    expect(directive('img-src')).toContain('https://i.ytimg.com');
    expect(directive('img-src')).not.toMatch(/youtube\.com|\*/);
    expect(directive('frame-src')).not.toMatch(/www\.youtube\.com/);
  });
});
