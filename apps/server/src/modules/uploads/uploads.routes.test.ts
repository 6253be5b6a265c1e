import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { OrderStatus } from '@sikkha/contract';
import { message } from '@sikkha/contract';
import { baht } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Caller } from '../../../test/app.js';
import { testApp } from '../../../test/app.js';
import {
  orders,
  ordersDetail,
  ordersPaymentType,
  product,
  productDetailList,
  productDetailType,
  upload,
} from '../../db/schema/index.js';
import { localDiskStorage } from '../../providers/storage.js';
import { MEMBER_UPLOADS } from './uploads.service.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=',
  'base64',
);
const asset = (path: string) => readFileSync(new URL(`../../demo/assets/${path}`, import.meta.url));
const PDF = asset('docs/course-outline.pdf');
const XLSX = asset('docs/worksheet.xlsx');
const JPEG = asset('images/coach-1.jpg');
const MB = 1024 * 1024;
const pixels = (image: Buffer) => sharp(image).raw().toBuffer();
/** A PNG chunk: length, type, data and its CRC. */
function pngChunk(type: string, data: Buffer | string): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), Buffer.from(data)]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type File = [data: Buffer, filename: string, type?: string];
function form(...files: File[]): FormData {
  const body = new FormData();
  for (const [data, filename, type] of files) body.append('images', new Blob([data], { type }), filename);
  return body;
}

let t: Awaited<ReturnType<typeof testApp>>;
let dataDir: string;
let staff: Caller;
let member: Caller;
let other: Caller;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sikkha-uploads-'));
  t = await testApp({ dataDir });
  staff = await t.staff('uploader');
  member = await t.member('buyer@example.com');
  other = await t.member('stranger@example.com');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const send = (caller: Caller, endpoint: string, body: FormData | object) =>
  caller.request('POST', `/api/upload${endpoint}`, body);
const stored = (folder: string) =>
  existsSync(join(dataDir, 'uploads', folder)) ? readdirSync(join(dataDir, 'uploads', folder)) : [];
function expectError(res: LightMyRequestResponse, status: number, text?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.result).toBe(false);
  if (text) expect(body.message).toBe(text);
}
async function uploaded(caller: Caller, endpoint: string, ...files: File[]): Promise<string> {
  const res = await send(caller, endpoint, form(...files));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('POST /api/upload{Endpoint}', () => {
  test('staff uploads a course image; anyone can see it, cached for good', async () => {
    const res = await send(staff, 'ProductMini', form([PNG, 'mini.png', 'image/png']));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ result: true, message: message('uploaded') });
    expect(body.data).toMatch(/^[0-9a-f-]{36}\.png$/);
    // Stored as the picture encoded again: the same pixels, not necessarily the same bytes.
    const kept = readFileSync(join(dataDir, 'uploads', 'productMini', body.data));
    expect(await pixels(kept)).toEqual(await pixels(PNG));

    const [row] = await t.db.select().from(upload).where(eq(upload.upload_name, body.data));
    expect(row).toMatchObject({
      upload_kind: 'ProductMini',
      upload_original: 'mini.png',
      upload_mime: 'image/png',
      upload_size: kept.length,
      user_id: null,
      create_by: staff.id,
    });

    const got = await t.visitor.get(`/api/productMini/${body.data}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['content-disposition']).toMatch(/^inline;/);
    expect(got.rawPayload).toEqual(kept);

    const head = await t.app.inject({ method: 'HEAD', url: `/api/productMini/${body.data}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
  });

  test('the type comes from the bytes: a JPEG named .png is stored as .jpg', async () => {
    const name = await uploaded(staff, 'Coach', [JPEG, 'photo.png', 'image/png']);
    expect(name).toMatch(/\.jpg$/);
    const got = await t.visitor.get(`/api/coach/${name}`);
    expect(got.headers['content-type']).toBe('image/jpeg');
  });

  test('401 without a token, 403 for a member on a staff kind', async () => {
    expectError(await send(t.visitor, 'ProductMini', form([PNG, 'a.png'])), 401, message('unauthorized'));
    expectError(await send(t.visitor, 'Slip', form([PNG, 'a.png'])), 401, message('unauthorized'));
    expectError(await send(member, 'ProductMini', form([PNG, 'a.png'])), 403, message('forbidden'));
    expectError(await send(member, 'PdfProduct', form([PDF, 'a.pdf'])), 403, message('forbidden'));
  });

  test('400 when no file is sent', async () => {
    const fieldOnly = new FormData();
    fieldOnly.append('note', 'no file here');
    expectError(await send(member, 'Slip', fieldOnly), 400, message('fileMissing'));
    expectError(await send(member, 'Slip', new FormData()), 400, message('fileMissing'));
    expectError(await send(member, 'Slip', { images: 'x' }), 400, message('fileMissing'));
    expectError(await send(member, 'Slip', form([Buffer.alloc(0), ''])), 400, message('fileMissing'));
    const wrongField = new FormData();
    wrongField.append('file', new Blob([PNG]), 'a.png');
    expectError(await send(member, 'Slip', wrongField), 400, message('fileMissing'));
  });

  test('a PNG renamed .pdf is refused for course documents; a real PDF and XLSX are accepted', async () => {
    const before = stored('pdfProduct').length;
    expectError(
      await send(staff, 'PdfProduct', form([PNG, 'outline.pdf', 'application/pdf'])),
      415,
      message('fileType'),
    );
    expect(stored('pdfProduct')).toHaveLength(before);
    expect(await uploaded(staff, 'PdfProduct', [PDF, 'outline.pdf'])).toMatch(/\.pdf$/);
    expect(await uploaded(staff, 'PdfProduct', [XLSX, 'sheet.xlsx'])).toMatch(/\.xlsx$/);
  });

  test('a text file disguised as .jpg is refused', async () => {
    const rows = (await t.db.select().from(upload)).length;
    const text = Buffer.from('<html><script>alert(1)</script></html>');
    expectError(await send(member, 'Slip', form([text, 'slip.jpg', 'image/jpeg'])), 415, message('fileType'));
    expect(await t.db.select().from(upload)).toHaveLength(rows);
  });

  test('a PDF is not an image: refused for a slip', async () => {
    expectError(await send(member, 'Slip', form([PDF, 'slip.png', 'image/png'])), 415, message('fileType'));
  });

  test('413 over the kind limit (5 MB for images), nothing stored', async () => {
    const before = stored('productMini').length;
    const big = Buffer.concat([PNG, Buffer.alloc(5 * MB)]);
    expectError(await send(staff, 'ProductMini', form([big, 'big.png', 'image/png'])), 413, message('tooLarge'));
    expect(stored('productMini')).toHaveLength(before);
    // Exactly the limit is fine.
    const exact = Buffer.concat([PNG, Buffer.alloc(5 * MB - PNG.length)]);
    expect(await uploaded(staff, 'ProductMini', [exact, 'exact.png'])).toMatch(/\.png$/);
  });

  test('NewsList takes several files and answers a list; single kinds take one', async () => {
    const res = await send(staff, 'NewsList', form([PNG, 'one.png'], [JPEG, 'two.jpg']));
    expect(res.statusCode, res.body).toBe(200);
    const names: string[] = res.json().data;
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/\.png$/);
    expect(names[1]).toMatch(/\.jpg$/);
    for (const name of names) expect((await t.visitor.get(`/api/newsList/${name}`)).statusCode).toBe(200);

    const one = await send(staff, 'NewsList', form([PNG, 'one.png']));
    expect(one.json().data).toEqual([expect.stringMatching(/\.png$/)]);

    expectError(await send(staff, 'News', form([PNG, 'a.png'], [PNG, 'b.png'])), 413, message('tooManyFiles'));
    const eleven = form(...Array.from({ length: 11 }, (_, i): File => [PNG, `${i}.png`]));
    expectError(await send(staff, 'NewsList', eleven), 413, message('tooManyFiles'));
  });

  test('one bad file refuses the whole list', async () => {
    const before = stored('newsList').length;
    const res = await send(staff, 'NewsList', form([PNG, 'good.png'], [Buffer.from('nope'), 'bad.png']));
    expectError(res, 415, message('fileType'));
    expect(stored('newsList')).toHaveLength(before);
  });

  test('a malformed multipart body is a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploadSlip',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expectError(res, 400, message('invalidInput'));
  });

  test('the upload routes are in the OpenAPI document', async () => {
    const doc = (await t.visitor.get('/api/openapi.json')).json();
    const slip = doc.paths['/api/uploadSlip'].post;
    expect(slip.requestBody.content['multipart/form-data'].schema.properties.images.format).toBe('binary');
    expect(doc.paths['/api/uploadNewsList'].post.responses['200']).toBeDefined();
    expect(doc.paths['/api/slip/{file}'].get).toBeDefined();
  });
});

describe('pictures are stored as decoded and encoded again', () => {
  const payload = '<script>alert(document.cookie)</script>';
  const storedBytes = (folder: string, name: string) => readFileSync(join(dataDir, 'uploads', folder, name));

  test("a slip photo's GPS position and camera details are not kept; the way up is", async () => {
    const photo = await sharp(JPEG)
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Orientation: '6' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '13/1 45/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '100/1 30/1 0/1',
        },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const name = await uploaded(member, 'Slip', [photo, 'slip.jpg']);
    const kept = storedBytes('slip', name);
    const meta = await sharp(kept).metadata();
    expect(meta.exif).toBeUndefined();
    expect(kept.includes('PhoneMaker')).toBe(false);
    // Orientation 6 (turned a quarter) is applied to the pixels: width and height swap.
    const original = await sharp(JPEG).metadata();
    expect([meta.width, meta.height]).toEqual([original.height, original.width]);
  });

  test('a script hidden after the end of a picture or in its metadata is not stored (polyglots)', async () => {
    const appended = Buffer.concat([JPEG, Buffer.from(payload)]);
    const inComment = await sharp(PNG).png().withMetadata().toBuffer();
    const withText = Buffer.concat([
      inComment.subarray(0, 33),
      pngChunk('tEXt', `Comment\0${payload}`),
      inComment.subarray(33),
    ]);
    expect(withText.includes(payload)).toBe(true);
    for (const [file, folder, endpoint] of [
      [appended, 'user', 'User'],
      [withText, 'user', 'User'],
    ] as const) {
      const name = await uploaded(member, endpoint, [file, 'me.png']);
      expect(storedBytes(folder, name).includes(payload)).toBe(false);
      const served = await t.visitor.get(`/api/${folder}/${name}`);
      expect(served.rawPayload.includes(payload)).toBe(false);
    }
  });

  test('a truncated or corrupt picture is refused with a Thai message, and nothing is stored', async () => {
    const before = stored('slip').length;
    const broken = [
      JPEG.subarray(0, Math.floor(JPEG.length / 2)),
      PNG.subarray(0, PNG.length - 20),
      Buffer.concat([JPEG.subarray(0, 200), Buffer.alloc(2000, 0x41)]),
    ];
    for (const file of broken) {
      expectError(await send(member, 'Slip', form([file, 'slip.jpg'])), 422, message('imageUnreadable'));
    }
    expect(stored('slip')).toHaveLength(before);
  });

  test('a picture of more pixels than any slip needs is refused before it is decoded', async () => {
    // A valid header that claims 10000 × 10000 pixels: decoding it would take 400 MB.
    const ihdr = Buffer.from(PNG.subarray(16, 29));
    ihdr.writeUInt32BE(10_000, 0);
    ihdr.writeUInt32BE(10_000, 4);
    const huge = Buffer.concat([PNG.subarray(0, 8), pngChunk('IHDR', ihdr), PNG.subarray(33)]);
    expectError(await send(staff, 'Coach', form([huge, 'huge.png'])), 413, message('tooLarge'));
  });

  test("a member's uploads are limited per day; past it 429 with Retry-After", async () => {
    const busy = await t.member('busy-uploader@example.com');
    for (let i = 0; i < MEMBER_UPLOADS.max; i++) await uploaded(busy, 'Slip', [PNG, `slip-${i}.png`]);
    const res = await send(busy, 'User', form([PNG, 'me.png']));
    expectError(res, 429, message('tooManyRequests'));
    expect(res.headers['retry-after']).toBe(String(MEMBER_UPLOADS.windowMs / 1000));
    // Other members and staff are not held back.
    await uploaded(other, 'Slip', [PNG, 'slip.png']);
    await uploaded(staff, 'Slip', [PNG, 'slip.png']);
  });
});

describe('GET /api/{serve}/{file}: who may read', () => {
  test('a slip: the member who uploaded it and staff; others 404, visitors 401', async () => {
    const name = await uploaded(member, 'Slip', [PNG, 'สลิป.png', 'image/png']);
    const [row] = await t.db.select().from(upload).where(eq(upload.upload_name, name));
    expect(row).toMatchObject({ upload_kind: 'Slip', user_id: member.id, upload_original: 'สลิป.png' });

    expectError(await t.visitor.get(`/api/slip/${name}`), 401, message('unauthorized'));
    expectError(await other.get(`/api/slip/${name}`), 404, message('notFound'));
    const own = await member.get(`/api/slip/${name}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(await pixels(own.rawPayload)).toEqual(await pixels(PNG));
    expect((await staff.get(`/api/slip/${name}`)).statusCode).toBe(200);
    // The same name under a public prefix is not the same file.
    expectError(await t.visitor.get(`/api/productMini/${name}`), 404);
  });

  test('a signature is private to its member too', async () => {
    const name = await uploaded(member, 'Signature', [PNG, 'sign.png']);
    expectError(await other.get(`/api/signature/${name}`), 404);
    expect((await member.get(`/api/signature/${name}`)).statusCode).toBe(200);
  });

  test('a slip uploaded by staff belongs to no member', async () => {
    const name = await uploaded(staff, 'Slip', [PNG, 'slip.png']);
    const [row] = await t.db.select().from(upload).where(eq(upload.upload_name, name));
    expect(row).toMatchObject({ user_id: null, create_by: staff.id });
    expectError(await member.get(`/api/slip/${name}`), 404);
    expect((await staff.get(`/api/slip/${name}`)).statusCode).toBe(200);
  });

  test('a course document: staff, and members with a finished order of a course that lists it', async () => {
    const name = await uploaded(staff, 'PdfProduct', [PDF, 'เอกสารประกอบ.pdf']);
    const [course] = await t.db
      .insert(product)
      .values({ product_title: 'คอร์สทดสอบเอกสาร', product_price: baht(990) })
      .returning({ id: product.id });
    const [tab] = await t.db
      .insert(productDetailType)
      .values({ product_detail_tab_name: 'เอกสาร' })
      .returning({ id: productDetailType.id });
    await t.db.insert(productDetailList).values({
      product_id: course!.id,
      product_detail_type_id: tab!.id,
      product_detail_list_title: 'เอกสารประกอบ',
      product_detail_list_file: name,
    });
    const [payment] = await t.db
      .insert(ordersPaymentType)
      .values({ orders_payment_type_title: 'โอนเงิน' })
      .returning({ id: ordersPaymentType.id });
    const order = async (userId: number, status: OrderStatus) => {
      const [created] = await t.db
        .insert(orders)
        .values({ user_id: userId, orders_payment_type_id: payment!.id, orders_status: status, orders_net: baht(990) })
        .returning({ id: orders.id });
      await t.db
        .insert(ordersDetail)
        .values({ orders_id: created!.id, product_id: course!.id, orders_detail_net: baht(990) });
    };

    expectError(await t.visitor.get(`/api/pdfProduct/${name}`), 401);
    expectError(await member.get(`/api/pdfProduct/${name}`), 403);
    await order(member.id!, 'wait');
    await order(other.id!, 'finish');
    expectError(await member.get(`/api/pdfProduct/${name}`), 403);
    await order(member.id!, 'finish');

    const got = await member.get(`/api/pdfProduct/${name}`);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="____________.pdf"; filename*=UTF-8''${encodeURIComponent('เอกสารประกอบ.pdf')}`,
    );
    expect(got.rawPayload).toEqual(PDF);
    expect((await staff.get(`/api/pdfProduct/${name}`)).statusCode).toBe(200);
    expect((await other.get(`/api/pdfProduct/${name}`)).statusCode).toBe(200);

    // Buying this course opens only the files it lists.
    const unlisted = await uploaded(staff, 'PdfProduct', [PDF, 'other.pdf']);
    expectError(await member.get(`/api/pdfProduct/${unlisted}`), 403);
  });

  test('a missing file is 404', async () => {
    expectError(await t.visitor.get('/api/productMini/00000000-0000-0000-0000-000000000000.png'), 404);
    expectError(await staff.get('/api/slip/00000000-0000-0000-0000-000000000000.png'), 404);
    expectError(await member.get('/api/slip/00000000-0000-0000-0000-000000000000.png'), 404);
  });

  test('path traversal never reaches a file outside the folder', async () => {
    await mkdir(join(dataDir, 'uploads'), { recursive: true });
    await writeFile(join(dataDir, 'uploads', 'secret.txt'), 'TOP-SECRET');
    await writeFile(join(dataDir, 'secret.txt'), 'TOP-SECRET');
    const attempts = [
      '/api/slip/..%2F..%2Fetc%2Fpasswd',
      '/api/productMini/../../package.json',
      '/api/slip/%2e%2e%2fx',
      '/api/productMini/..%2Fsecret.txt',
      '/api/productMini/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/api/productMini/..%5Csecret.txt',
      '/api/productMini/%2Fetc%2Fpasswd',
      '/api/productMini/..',
      '/api/productMini/%2e%2e',
      '/api/productMini/.secret',
      '/api/productMini/a%00.png',
      '/api/productMini/%252e%252e%252fsecret.txt',
      '/api/productMini/..%252Fsecret.txt',
      '/api/user/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    ];
    for (const url of attempts) {
      for (const caller of [t.visitor, staff]) {
        const res = await caller.get(url);
        expect([400, 404], `${url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        expect(res.body).not.toContain('TOP-SECRET');
        expect(res.body).not.toContain('root:');
        expect(res.body).not.toContain('"name"');
      }
    }
  });
});

describe('localDiskStorage', () => {
  const text = async (stream: NodeJS.ReadableStream) => {
    let out = '';
    for await (const chunk of stream) out += chunk.toString();
    return out;
  };

  test('stores, reads and removes a file under <root>/<folder>/<name>, never replacing one', async () => {
    const root = join(dataDir, 'storage-a');
    const storage = localDiskStorage(root);
    await storage.put('slip', 'a1.png', Buffer.from('one'));
    expect(readFileSync(join(root, 'slip', 'a1.png'), 'utf8')).toBe('one');
    const file = await storage.read('slip', 'a1.png');
    expect(file?.size).toBe(3);
    expect(await text(file!.stream)).toBe('one');
    await expect(storage.put('slip', 'a1.png', Buffer.from('two'))).rejects.toThrow();
    expect(readFileSync(join(root, 'slip', 'a1.png'), 'utf8')).toBe('one');
    await storage.remove('slip', 'a1.png');
    expect(await storage.read('slip', 'a1.png')).toBeNull();
    await storage.remove('slip', 'a1.png');
  });

  test('refuses names and folders that could leave the root', async () => {
    const root = join(dataDir, 'storage-b');
    const storage = localDiskStorage(root);
    await mkdir(join(root, 'slip'), { recursive: true });
    await writeFile(join(dataDir, 'outside.txt'), 'TOP-SECRET');
    const names = [
      '../outside.txt',
      '..',
      '.',
      '',
      '/etc/passwd',
      'a/b',
      'a\\b',
      'a\0b',
      '%2e%2e',
      '.hidden',
      'x'.repeat(201),
    ];
    for (const name of names) {
      expect(await storage.read('slip', name), name).toBeNull();
      await expect(storage.put('slip', name, Buffer.from('x')), name).rejects.toThrow();
      await expect(storage.remove('slip', name), name).rejects.toThrow();
    }
    for (const folder of ['..', '../..', '', 'a/b', '/tmp']) {
      expect(await storage.read(folder, 'outside.txt'), folder).toBeNull();
      await expect(storage.put(folder, 'x.png', Buffer.from('x')), folder).rejects.toThrow();
    }
  });

  test('does not follow a symlink planted in a folder', async () => {
    const root = join(dataDir, 'storage-c');
    const storage = localDiskStorage(root);
    await mkdir(join(root, 'slip'), { recursive: true });
    await writeFile(join(dataDir, 'target.txt'), 'TOP-SECRET');
    await symlink(join(dataDir, 'target.txt'), join(root, 'slip', 'link.png'));
    expect(await storage.read('slip', 'link.png')).toBeNull();
    await expect(storage.put('slip', 'link.png', Buffer.from('x'))).rejects.toThrow();
    expect(readFileSync(join(dataDir, 'target.txt'), 'utf8')).toBe('TOP-SECRET');
  });
});
