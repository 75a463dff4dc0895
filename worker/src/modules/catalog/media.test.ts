import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_RULES } from '@shared/media-schemas';
import { cleanUp } from '../../cleanup';
import { call, logIn, signUp } from '@worker-test/helpers';
import { heifBytes, jpegBytes, pngBytes, webpBytes } from '@worker-test/image-bytes';

/**
 * Staff photos of rooms, offers and services. Permissions (signed out 401,
 * guests 403, staff allowed), the checks of an upload (real type by its bytes, size,
 * count per owner, owner exists), alt/reorder/delete with their audit lines, the public
 * /media/ answers (type, immutable caching, ETag, 404) and the catalogue reads.
 */
let staff = '';
let admin = '';
let guest = '';

beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
  admin = (await logIn('admin@example.com', 'change-me-admin')).cookie;
  guest = (await signUp()).cookie;
});

/** A WebP whose header says 480 x 320, padded to `size` bytes. */
const webp = (size = 64): Uint8Array => webpBytes(480, 320, size);
const jpeg = () => jpegBytes(960, 640);
const png = () => pngBytes(480, 320);
const svg = () =>
  new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

type Photo = {
  id: number;
  src: string;
  sources: { width: number; url: string; type: string }[];
  width: number;
  height: number;
  placeholder: string;
  altAr: string;
  altEn: string;
};

/** An AVIF whose header (ftyp, meta, ispe) says 480 x 320, then some payload. */
function avif(size = 64): Uint8Array {
  return heifBytes('avif', 480, 320, size);
}
/** A 16 px WebP as a data: URL (the size of what the device sends as the blurred placeholder). */
const PLACEHOLDER = `data:image/webp;base64,${btoa(String.fromCharCode(...webp(120)))}`;

function form(
  files: Partial<Record<'w480' | 'w960' | 'w1600' | 'avif480' | 'avif960' | 'avif1600', Uint8Array>>,
  fields: Record<string, string> = {},
) {
  const body = new FormData();
  for (const [name, bytes] of Object.entries(files)) body.set(name, new File([bytes], `${name}.bin`));
  const all = {
    width: '1600',
    height: '1000',
    altAr: 'غرفة فضية مطلة على البحر',
    altEn: 'Silver room facing the sea',
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) body.set(k, v);
  return body;
}

function upload(owner: string, body: FormData, cookie = staff, lang: 'ar' | 'en' = 'en') {
  return call(`/api/admin/media?${owner}`, { method: 'POST', body, cookie, lang });
}

async function uploaded(owner: string, files = { w480: webp(), w960: webp(96), w1600: webp(128) }) {
  const res = await upload(owner, form(files));
  expect(res.status).toBe(201);
  return ((await res.json()) as { photo: Photo }).photo;
}

async function listOf(owner: string, cookie = staff) {
  const res = await call(`/api/admin/media?${owner}`, { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { photos: Photo[] }).photos;
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } })
    .error;
}

async function firstOffer(): Promise<number> {
  const offers = (await (await call('/api/offers')).json()) as { id: number }[];
  return offers[0]!.id;
}

async function serviceIds(): Promise<number[]> {
  const services = (await (await call('/api/services')).json()) as { id: number }[];
  return services.map((s) => s.id);
}

describe('staff photos: permissions', () => {
  it('refuse signed-out callers (401) and guests (403) on every call', async () => {
    const owner = 'ownerKind=room_type&ownerId=silver';
    expect((await upload(owner, form({ w480: webp() }), '')).status).toBe(401);
    expect((await upload(owner, form({ w480: webp() }), guest)).status).toBe(403);
    expect((await call(`/api/admin/media?${owner}`)).status).toBe(401);
    expect((await call(`/api/admin/media?${owner}`, { cookie: guest })).status).toBe(403);
    const photo = await uploaded(owner);
    for (const cookie of ['', guest]) {
      const expected = cookie ? 403 : 401;
      expect((await call(`/api/admin/media/${photo.id}`, { method: 'DELETE', cookie })).status).toBe(
        expected,
      );
      expect(
        (
          await call(`/api/admin/media/${photo.id}`, {
            method: 'PATCH',
            cookie,
            json: { altAr: 'x', altEn: 'x' },
          })
        ).status,
      ).toBe(expected);
      expect(
        (await call(`/api/admin/media/order?${owner}`, { method: 'PUT', cookie, json: { ids: [photo.id] } }))
          .status,
      ).toBe(expected);
    }
    // Still there: nothing an outsider sent changed it.
    expect((await listOf(owner)).map((p) => p.id)).toContain(photo.id);
    await call(`/api/admin/media/${photo.id}`, { method: 'DELETE', cookie: staff });
  });

  it('let staff and admins add photos to room tiers, offers, menus and galleries', async () => {
    const offer = await firstOffer();
    const [service] = await serviceIds();
    for (const [owner, cookie] of [
      ['ownerKind=room_type&ownerId=gold', staff],
      [`ownerKind=offer&ownerId=${offer}`, admin],
      [`ownerKind=service_menu&ownerId=${service}`, staff],
      [`ownerKind=service_gallery&ownerId=${service}`, staff],
    ] as const) {
      const res = await upload(owner, form({ w960: jpeg() }, { width: '960', height: '640' }), cookie);
      expect(res.status).toBe(201);
      const { photo } = (await res.json()) as { photo: Photo & { contentType: string } };
      expect(photo.contentType).toBe('image/jpeg');
      expect(photo.src).toMatch(/^\/media\/[0-9a-f-]{36}-960\.jpg$/);
      await call(`/api/admin/media/${photo.id}`, { method: 'DELETE', cookie: staff });
    }
  });
});

describe('staff photos: uploads are checked', () => {
  const owner = 'ownerKind=room_type&ownerId=diamond';

  it('refuse what is not a WebP, AVIF or JPEG by its bytes (SVG, PNG, text), in Arabic and English', async () => {
    for (const bytes of [svg(), png(), new TextEncoder().encode('hello')]) {
      const res = await upload(owner, form({ w480: bytes }), staff, 'ar');
      expect(res.status).toBe(415);
      const error = await errorOf(res);
      expect(error.code).toBe('media_type_invalid');
      expect(error.message).toContain('صورة');
    }
    const en = await upload(owner, form({ w480: webp(), w960: svg() }));
    expect(en.status).toBe(415);
    expect((await errorOf(en)).message).toBe('The file is not an accepted photo (WebP, AVIF or JPEG)');
    const mixed = await upload(owner, form({ w480: webp(), w960: jpeg() }));
    expect(mixed.status).toBe(415);
    expect((await errorOf(mixed)).code).toBe('media_types_mixed');
    expect(await listOf(owner)).toEqual([]);
  });

  it('refuse a width over 5 MB (413) and a request with no photo (400)', async () => {
    const big = webp(MEDIA_RULES.maxVariantBytes + 1);
    const res = await upload(owner, form({ w1600: big }));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe('media_variant_too_large');
    const none = await upload(owner, form({}));
    expect(none.status).toBe(400);
    expect((await errorOf(none)).code).toBe('media_files_missing');
    const wrongName = new FormData();
    wrongName.set('w123', new File([webp()], 'x.webp'));
    wrongName.set('width', '100');
    wrongName.set('height', '100');
    expect((await upload(owner, wrongName)).status).toBe(400);
    expect(await listOf(owner)).toEqual([]);
  });

  it('refuse impossible owners, sizes and over-long alt text with field errors', async () => {
    const cases: [string, FormData, number, string][] = [
      ['ownerKind=room_type&ownerId=platinum', form({ w480: webp() }), 400, 'validation_failed'],
      ['ownerKind=villa&ownerId=1', form({ w480: webp() }), 400, 'validation_failed'],
      ['ownerKind=offer&ownerId=-1', form({ w480: webp() }), 400, 'validation_failed'],
      ['ownerKind=offer&ownerId=999999', form({ w480: webp() }), 404, 'media_owner_not_found'],
      ['ownerKind=service_menu&ownerId=999999', form({ w480: webp() }), 404, 'media_owner_not_found'],
      [owner, form({ w480: webp() }, { width: '0' }), 400, 'validation_failed'],
      [owner, form({ w480: webp() }, { height: '99999' }), 400, 'validation_failed'],
      [owner, form({ w480: webp() }, { width: 'abc' }), 400, 'validation_failed'],
      [
        owner,
        form({ w480: webp() }, { altEn: 'x'.repeat(MEDIA_RULES.altMax + 1) }),
        400,
        'validation_failed',
      ],
    ];
    for (const [o, body, status, code] of cases) {
      const res = await upload(o, body);
      expect(res.status, o).toBe(status);
      expect((await errorOf(res)).code).toBe(code);
    }
    // Arabic-Indic digits are digits.
    const res = await upload(owner, form({ w480: webp() }, { width: '١٦٠٠', height: '١٠٠٠' }));
    expect(res.status).toBe(201);
    const { photo } = (await res.json()) as { photo: Photo };
    expect([photo.width, photo.height]).toEqual([1600, 1000]);
    await call(`/api/admin/media/${photo.id}`, { method: 'DELETE', cookie: staff });
  });

  it('hold at most 12 photos per owner, even when uploads race for the last places', async () => {
    const o = 'ownerKind=room_type&ownerId=deluxe';
    for (let i = 0; i < MEDIA_RULES.maxPhotosPerOwner - 2; i++) await uploaded(o, { w480: webp() } as never);
    const racing = await Promise.all(Array.from({ length: 5 }, () => upload(o, form({ w480: webp() }))));
    expect(racing.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = racing.filter((r) => r.status !== 201);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect((await errorOf(r)).code).toBe('media_too_many');
    }
    const photos = await listOf(o);
    expect(photos).toHaveLength(MEDIA_RULES.maxPhotosPerOwner);
    const more = await upload(o, form({ w480: webp() }), staff, 'ar');
    expect(more.status).toBe(409);
    expect((await errorOf(more)).message).toContain('١٢');
    // The refused uploads left nothing behind in R2: only the kept photos' objects.
    const listed = await env.IMAGES.list({ prefix: 'media/' });
    const kept = new Set(photos.flatMap((p) => p.sources.map((s) => s.url.slice(1))));
    const keys = listed.objects
      .map((x) => x.key)
      .filter((k) => photos.some((p) => k.includes(p.src.slice(7, 43))));
    expect(keys.every((k) => kept.has(k))).toBe(true);
    for (const p of photos) await call(`/api/admin/media/${p.id}`, { method: 'DELETE', cookie: staff });
  });
});

describe('staff photos: alt text, order and delete', () => {
  const owner = 'ownerKind=room_type&ownerId=silver';

  it('edit alt text in both languages, audited', async () => {
    const photo = await uploaded(owner);
    const res = await call(`/api/admin/media/${photo.id}`, {
      method: 'PATCH',
      cookie: staff,
      json: { altAr: '  سرير واسع  ', altEn: 'A wide bed' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { photo: Photo }).photo).toMatchObject({
      altAr: 'سرير واسع',
      altEn: 'A wide bed',
    });
    const audit = await env.DB.prepare(
      `select action, before, after from audit_log where entity_type = 'media' and entity_id = ? order by id`,
    )
      .bind(String(photo.id))
      .all<{ action: string; before: string | null; after: string }>();
    expect(audit.results.map((a) => a.action)).toEqual(['media.create', 'media.update']);
    expect(JSON.parse(audit.results[1]!.before!)).toMatchObject({ altEn: 'Silver room facing the sea' });
    const bad = await call(`/api/admin/media/${photo.id}`, {
      method: 'PATCH',
      cookie: staff,
      lang: 'en',
      json: { altAr: 'x'.repeat(201), altEn: '' },
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toMatchObject({ altAr: 'This text is too long' });
    const missing = await call('/api/admin/media/999999', {
      method: 'PATCH',
      cookie: staff,
      json: { altAr: '', altEn: '' },
    });
    expect(missing.status).toBe(404);
    await call(`/api/admin/media/${photo.id}`, { method: 'DELETE', cookie: staff });
  });

  it('reorder one owner’s photos; another owner’s id or a partial list is refused', async () => {
    const a = await uploaded(owner);
    const b = await uploaded(owner);
    const c = await uploaded(owner);
    const other = await uploaded('ownerKind=room_type&ownerId=gold');
    const put = (ids: unknown) =>
      call(`/api/admin/media/order?${owner}`, { method: 'PUT', cookie: staff, json: { ids } });
    const res = await put([c.id, a.id, b.id]);
    expect(res.status).toBe(200);
    expect((await listOf(owner)).map((p) => p.id)).toEqual([c.id, a.id, b.id]);
    for (const ids of [
      [c.id, a.id, other.id],
      [c.id, a.id],
      [c.id, a.id, b.id, other.id],
    ]) {
      const refused = await put(ids);
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).code).toBe('media_order_stale');
    }
    expect((await put([a.id, a.id, b.id])).status).toBe(400);
    expect((await put('nope')).status).toBe(400);
    expect((await put([1.5])).status).toBe(400);
    expect((await listOf(owner)).map((p) => p.id)).toEqual([c.id, a.id, b.id]);
    expect((await listOf('ownerKind=room_type&ownerId=gold')).map((p) => p.id)).toEqual([other.id]);
    // The guests' rooms list follows the order.
    const rooms = (await (await call('/api/rooms')).json()) as { roomType: string; photos: Photo[] }[];
    expect(rooms.find((r) => r.roomType === 'silver')!.photos.map((p) => p.id)).toEqual([c.id, a.id, b.id]);
    for (const p of [a, b, c, other])
      await call(`/api/admin/media/${p.id}`, { method: 'DELETE', cookie: staff });
  });

  it('delete removes the row and the R2 objects; of two deletes at once one wins', async () => {
    const photo = await uploaded(owner);
    const keys = photo.sources.map((s) => s.url.slice(1));
    for (const key of keys) expect(await env.IMAGES.head(key)).not.toBeNull();
    const [first, second] = await Promise.all([
      call(`/api/admin/media/${photo.id}`, { method: 'DELETE', cookie: staff }),
      call(`/api/admin/media/${photo.id}`, { method: 'DELETE', cookie: staff, lang: 'ar' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    const loser = first.status === 404 ? first : second;
    expect((await errorOf(loser)).code).toBe('media_not_found');
    for (const key of keys) expect(await env.IMAGES.head(key)).toBeNull();
    expect((await call(photo.src)).status).toBe(404);
    const audits = await env.DB.prepare(
      `select count(*) as n from audit_log where action = 'media.delete' and entity_id = ?`,
    )
      .bind(String(photo.id))
      .first<{ n: number }>();
    expect(audits!.n).toBe(1);
  });
});

describe('photo-first pages: AVIF copies, placeholders, demo pictures, hero photos', () => {
  const owner = 'ownerKind=room_type&ownerId=deluxe';

  it('store an AVIF copy beside a width and the blurred placeholder, and answer both', async () => {
    const res = await upload(
      owner,
      form(
        { w480: webp(), w960: webp(96), avif480: avif(), avif960: avif(80) },
        { placeholder: PLACEHOLDER },
      ),
    );
    expect(res.status).toBe(201);
    const { photo } = (await res.json()) as { photo: Photo };
    expect(photo.placeholder).toBe(PLACEHOLDER);
    expect(photo.sources.map((s) => [s.width, s.type])).toEqual([
      [480, 'image/webp'],
      [480, 'image/avif'],
      [960, 'image/webp'],
      [960, 'image/avif'],
    ]);
    // The plain src is the largest WebP (what every browser can show); the AVIF copy is served as AVIF.
    expect(photo.src).toMatch(/^\/media\/[0-9a-f-]{36}-960\.webp$/);
    const copy = await call(photo.sources[1]!.url);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('image/avif');
    const rooms = (await (await call('/api/rooms')).json()) as { roomType: string; photos: Photo[] }[];
    expect(rooms.find((r) => r.roomType === 'deluxe')!.photos[0]).toMatchObject({
      id: photo.id,
      placeholder: PLACEHOLDER,
      sources: photo.sources,
    });
    // Delete removes every object, the AVIF copies included.
    await call(`/api/admin/media/${photo.id}`, { method: 'DELETE', cookie: staff });
    for (const s of photo.sources) expect((await call(s.url)).status).toBe(404);
  });

  it('refuse an AVIF copy that is not AVIF or is too large, and a placeholder that is not a tiny image, with clear errors', async () => {
    const notAvif = await upload(owner, form({ w480: webp(), avif480: webp() }), staff, 'ar');
    expect(notAvif.status).toBe(415);
    expect(await errorOf(notAvif)).toMatchObject({
      code: 'media_avif_invalid',
      message: 'نسخة AVIF من الصورة ليست ملف AVIF صالحاً',
    });
    // An AVIF copy of a width the upload does not have.
    const alone = await upload(owner, form({ w480: webp(), avif960: avif() }));
    expect(alone.status).toBe(400);
    expect((await errorOf(alone)).code).toBe('media_avif_invalid');
    // An AVIF copy of another size than the copy it stands beside (decision 040): AVIF browsers
    // would see another picture.
    const otherSize = await upload(owner, form({ w480: webp(), avif480: heifBytes('avif', 960, 640) }));
    expect(otherSize.status).toBe(400);
    expect((await errorOf(otherSize)).code).toBe('media_avif_invalid');
    const big = avif(MEDIA_RULES.maxVariantBytes + 1);
    const tooLarge = await upload(owner, form({ w480: webp(), avif480: big }));
    expect(tooLarge.status).toBe(413);
    expect((await errorOf(tooLarge)).code).toBe('media_variant_too_large');
    for (const placeholder of [
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'javascript:alert(1)',
      `data:image/webp;base64,${'A'.repeat(4000)}`,
    ]) {
      const res = await upload(owner, form({ w480: webp() }, { placeholder }));
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.fields).toEqual({
        placeholder: "The photo's tiny preview is invalid (a very small WebP, JPEG or PNG)",
      });
    }
    expect(await listOf(owner)).toEqual([]);
  });

  it('answer the demo pictures, AVIF and WebP at three widths with a placeholder, while an owner has none', async () => {
    const rooms = (await (await call('/api/rooms')).json()) as { roomType: string; photos: Photo[] }[];
    const offers = (await (await call('/api/offers')).json()) as { roomType: string; photos: Photo[] }[];
    const settings = (await (await call('/api/site-settings')).json()) as { heroPhoto: Photo };
    for (const photo of [
      ...rooms.map((r) => r.photos[0]!),
      ...offers.map((o) => o.photos[0]!),
      settings.heroPhoto,
    ]) {
      expect(photo.id).toBeLessThan(0);
      expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);
      expect(photo.sources.map((s) => `${s.type} ${s.width}`)).toEqual([
        'image/avif 480',
        'image/avif 960',
        'image/avif 1600',
        'image/webp 480',
        'image/webp 960',
        'image/webp 1600',
      ]);
      expect(photo.src).toMatch(/^\/images\/demo\/[a-z-]+-1600\.[0-9a-f]{8}\.webp$/);
    }
    expect(rooms.map((r) => r.photos.length)).toEqual([3, 3, 3, 3]);
    // An offer's card does not repeat its room's: its gallery starts with the view.
    expect(offers[0]!.photos[0]!.src).toContain('/images/demo/view-');
  });

  it('hero photos are uploaded by admins only (staff 403)', async () => {
    const hero = 'ownerKind=site_hero&ownerId=hero';
    const refused = await upload(hero, form({ w480: webp() }), staff);
    expect(refused.status).toBe(403);
    expect(await listOf(hero, admin)).toEqual([]);
    expect((await upload('ownerKind=site_hero&ownerId=1', form({ w480: webp() }), admin)).status).toBe(400);

    // Nor may staff re-caption, reorder or delete the admin's hero photo; the admin may.
    const added = await upload(hero, form({ w480: webp() }), admin);
    expect(added.status).toBe(201);
    const { photo } = (await added.json()) as { photo: { id: number } };
    const caption = { altAr: 'شرفة', altEn: 'Terrace' };
    const patch = (cookie: string) =>
      call(`/api/admin/media/${photo.id}`, { method: 'PATCH', cookie, json: caption });
    expect((await patch(staff)).status).toBe(403);
    const order = (cookie: string) =>
      call(`/api/admin/media/order?${hero}`, { method: 'PUT', cookie, json: { ids: [photo.id] } });
    expect((await order(staff)).status).toBe(403);
    expect((await call(`/api/admin/media/${photo.id}`, { method: 'DELETE', cookie: staff })).status).toBe(
      403,
    );
    expect(await listOf(hero, admin)).toHaveLength(1);
    expect((await patch(admin)).status).toBe(200);
    expect((await order(admin)).status).toBe(200);
    expect((await call(`/api/admin/media/${photo.id}`, { method: 'DELETE', cookie: admin })).status).toBe(
      200,
    );
  });
});

describe('/media/ and the catalogue', () => {
  it('serves a photo with its type, immutable caching, an ETag and nosniff; 304 on a match', async () => {
    const photo = await uploaded('ownerKind=room_type&ownerId=silver');
    const res = await call(photo.src);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(webp(128));
    const again = await call(photo.src, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    await call(`/api/admin/media/${photo.id}`, { method: 'DELETE', cookie: staff });
  });

  it('answers 404 for unknown names and never serves other objects of the bucket', async () => {
    await env.IMAGES.put('events/photography/2026-01/secret.jpg', jpeg());
    await env.IMAGES.put('media/not-a-photo.html', '<script>1</script>');
    for (const path of [
      '/media/00000000-0000-4000-8000-000000000000-480.webp',
      '/media/not-a-photo.html',
      '/media/..%2Fevents%2Fphotography%2F2026-01%2Fsecret.jpg',
      '/media/events/photography/2026-01/secret.jpg',
      '/media/',
    ]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type') ?? '').not.toContain('image/');
    }
  });

  it('return photos (urls per width, size, alt in both languages) in rooms, offers and services, and revalidate', async () => {
    const before = await call('/api/rooms');
    const etag = before.headers.get('etag')!;
    expect(before.headers.get('cache-control')).toBe('public, no-cache');
    expect((await call('/api/rooms', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const photo = await uploaded('ownerKind=room_type&ownerId=gold');
    // A new photo changes the version: the old copy is not current any more.
    const after = await call('/api/rooms', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    const rooms = (await after.json()) as { roomType: string; photos: Photo[] }[];
    expect(rooms.find((r) => r.roomType === 'gold')!.photos).toEqual([
      {
        id: photo.id,
        src: photo.src,
        sources: photo.sources,
        width: 1600,
        height: 1000,
        placeholder: '',
        altAr: 'غرفة فضية مطلة على البحر',
        altEn: 'Silver room facing the sea',
      },
    ]);
    expect(photo.sources.map((s) => s.width)).toEqual([480, 960, 1600]);
    // A tier with no photo of its own answers the demo pictures: ids below zero.
    expect(rooms.find((r) => r.roomType === 'silver')!.photos.every((p) => p.id < 0)).toBe(true);

    const offer = await firstOffer();
    const offerPhoto = await uploaded(`ownerKind=offer&ownerId=${offer}`);
    const offers = (await (await call('/api/offers')).json()) as { id: number; photos: Photo[] }[];
    expect(offers.find((o) => o.id === offer)!.photos.map((p) => p.id)).toEqual([offerPhoto.id]);

    const [service] = await serviceIds();
    const menu = await uploaded(`ownerKind=service_menu&ownerId=${service}`);
    const place = await uploaded(`ownerKind=service_gallery&ownerId=${service}`);
    const services = (await (await call('/api/services')).json()) as {
      id: number;
      menuPhotos: Photo[];
      galleryPhotos: Photo[];
    }[];
    const s = services.find((x) => x.id === service)!;
    expect(s.menuPhotos.map((p) => p.id)).toEqual([menu.id]);
    expect(s.galleryPhotos.map((p) => p.id)).toEqual([place.id]);
    for (const p of [photo, offerPhoto, menu, place]) {
      await call(`/api/admin/media/${p.id}`, { method: 'DELETE', cookie: staff });
    }
  });

  it('the daily sweep removes old objects under media/ that have no row, and keeps the rest', async () => {
    const photo = await uploaded('ownerKind=room_type&ownerId=silver');
    const orphan = 'media/11111111-1111-4111-8111-111111111111-480.webp';
    await env.IMAGES.put(orphan, webp());
    // A day later: the orphan goes, the photo with a row stays.
    await cleanUp(env, Date.now() + 2 * 24 * 60 * 60_000);
    expect(await env.IMAGES.head(orphan)).toBeNull();
    for (const s of photo.sources) expect(await env.IMAGES.head(s.url.slice(1))).not.toBeNull();
    await call(`/api/admin/media/${photo.id}`, { method: 'DELETE', cookie: staff });
  });
});
