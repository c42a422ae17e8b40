import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { zipSync, type ZipOptions } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { bytesSource, writeOutfitArchive } from '@vsp/outfit-format/outfit-archive-writer';
import { asciiFbx, binaryFbx, tgaImage, validOutfitFiles, writeTgaHeader } from '@vsp/outfit-format/testing';
import { storageObjectReader } from './object-reader';
import { inspectOutfitArchive } from './outfit-archive';
import { databaseTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The archive exactly as the website's worker writes it (streaming, data descriptors). */
async function clientArchive(files: { path: string; bytes: Uint8Array }[]): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await writeOutfitArchive(
    files.map((f) => bytesSource(f.path, f.bytes, 4096)),
    { onOutput: (c) => chunks.push(c) },
  );
  return Buffer.concat(chunks);
}

type CraftedFile = [string, Uint8Array, ZipOptions?];
/** A zip made by hand, for archives the website would never write. */
const craft = (files: CraftedFile[]) => zipSync(Object.fromEntries(files.map(([name, bytes, options]) => [name, [bytes, options ?? {}]])));

/** Rewrites an entry's declared uncompressed size in the central directory and its local header. */
function lieAboutSize(zip: Uint8Array, name: string, declared: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let at = 0; at < out.length - 46; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    if (Buffer.from(out.subarray(at + 46, at + 46 + nameLength)).toString() !== name) continue;
    view.setUint32(at + 24, declared, true);
    view.setUint32(view.getUint32(at + 42, true) + 22, declared, true);
    return out;
  }
  throw new Error(`no entry ${name}`);
}

/** A TGA header of `width`×`height` (32-bit, or RLE when `rle`) over `bytes` zeros: a texture bomb. */
function flatTga(width: number, height: number, bytes: number, rle = false): Uint8Array {
  const out = writeTgaHeader(new Uint8Array(18 + bytes), width, height, 32);
  if (rle) out[2] = 10;
  return out;
}

const model = binaryFbx({ textures: ['a_D.tga'] });
const texture = tgaImage(64, 64);
const goodFiles = (root = 'Outfit'): CraftedFile[] => [
  [`${root}/Models/a.FBX`, model],
  [`${root}/Textures/a_D.tga`, texture],
];

describe.each(databaseTargets())('outfit submissions on $name', (target) => {
  let t: TestApp;
  let dataDir: string;
  let uid: number;
  let headers: Record<string, string>;
  let other: number;
  let counter = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vsp-outfits-'));
    t = await createTestApp({ database: await target.open(), env: { DATA_DIR: dataDir } });
    const user = await t.app.accounts.createUser({ userName: 'maker', email: 'maker@example.com', password: 'maker-password' });
    other = (await t.app.accounts.createUser({ userName: 'other', email: 'other@example.com', password: 'other-password' })).uid;
    uid = user.uid;
    const { token } = await t.app.sessions.create(uid, 'test');
    headers = { token, uid: String(uid) };
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Puts bytes where the storage layer reads them and answers the object key. */
  const store = (bytes: Uint8Array, owner = uid) => {
    const key = `outfit/${owner}/archive-${++counter}.zip`;
    mkdirSync(path.join(dataDir, 'objects', 'outfit', String(owner)), { recursive: true });
    writeFileSync(path.join(dataDir, 'objects', key), bytes);
    return key;
  };

  const submit = (objectKey: string, body: Record<string, unknown> = {}, requestHeaders = headers) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/creator/outfit/submit',
      headers: requestHeaders,
      payload: t.sign({ gender: 'womenswear', componentType: 'XSY', objectKey, agreement: true, ...body }),
    });
  const list = (query: Record<string, string | number> = {}) =>
    t.app.inject({ method: 'GET', url: '/v1/creator/outfit/list', headers, query: t.sign(query) });

  const expectRefused = async (bytes: Uint8Array, code: number, file: string, body: Record<string, unknown> = {}) => {
    const response = await submit(store(bytes), body);
    expect(response.json().errInfo, JSON.stringify(response.json())).toMatchObject({ code, params: { file } });
    return response;
  };

  it('accepts the archive the website writes, records it pending review and lists it first', async () => {
    const key = store(await clientArchive(validOutfitFiles('Shirt')));
    const response = await submit(key);
    expect(response.statusCode).toBe(200);
    const item = response.json().data;
    expect(item).toMatchObject({ gender: 'womenswear', componentType: 'XSY', uploadStatus: 'success', reviewState: 'pending', failure: null });
    expect(item.resourceId).toMatch(/^WXSY\d{6}$/);
    const again = await submit(key);
    expect(again.json().data.resourceId).toBe(item.resourceId);
    const page = (await list()).json().data;
    expect(page.items[0]).toEqual(item);
    expect(page.items.filter((i: { resourceId: string }) => i.resourceId === item.resourceId)).toHaveLength(1);
  });

  it('accepts ASCII FBX as well as binary FBX', async () => {
    const response = await submit(store(await clientArchive(validOutfitFiles('Ascii', { format: 'ascii' }))), { gender: 'menswear' });
    expect(response.json().data).toMatchObject({ uploadStatus: 'success', reviewState: 'pending' });
    expect(response.json().data.resourceId).toMatch(/^MXSY/);
  });

  it('refuses entry names that leave the folder and records the failure for the table', async () => {
    await expectRefused(craft([...goodFiles(), ['Outfit/Textures/../../../etc/cron.d/x.tga', texture]]), Errors.ArchiveUnsafeFileName, 'Outfit/Textures/../../../etc/cron.d/x.tga');
    await expectRefused(craft([...goodFiles(), ['/etc/passwd', texture]]), Errors.ArchiveUnsafeFileName, '/etc/passwd');
    await expectRefused(craft([...goodFiles(), ['Outfit\\Textures\\b.tga', texture]]), Errors.ArchiveUnsafeFileName, 'Outfit\\Textures\\b.tga');
    const failed = (await list()).json().data.items[0];
    expect(failed).toMatchObject({ uploadStatus: 'failure', reviewState: null, failure: { code: Errors.ArchiveUnsafeFileName, params: { file: 'Outfit\\Textures\\b.tga' } } });
  });

  it('refuses a local header whose name differs from the central directory', async () => {
    const zip = craft(goodFiles());
    const local = Buffer.from(zip).indexOf('Outfit/Models/a.FBX');
    zip[local] = '.'.charCodeAt(0);
    await expectRefused(zip, Errors.ArchiveUnsafeFileName, 'Outfit/Models/a.FBX');
  });

  it('refuses symbolic links and other special entries', async () => {
    const link: ZipOptions = { os: 3, attrs: (0o120777 << 16) >>> 0 };
    await expectRefused(craft([...goodFiles(), ['Outfit/Textures/b.tga', new TextEncoder().encode('/etc/passwd'), link]]), Errors.ArchiveContainsLink, 'Outfit/Textures/b.tga');
    const fifo: ZipOptions = { os: 3, attrs: (0o010644 << 16) >>> 0 };
    await expectRefused(craft([...goodFiles(), ['Outfit/Textures/c.tga', texture, fifo]]), Errors.ArchiveContainsLink, 'Outfit/Textures/c.tga');
  });

  it('refuses files whose content is not what their folder says', async () => {
    const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0);
    await expectRefused(craft([['Outfit/Models/a.FBX', png], ['Outfit/Textures/a_D.tga', texture]]), Errors.ArchiveInvalidModel, 'Outfit/Models/a.FBX');
    const truncated = binaryFbx().subarray(0, 300);
    await expectRefused(craft([['Outfit/Models/a.FBX', truncated], ['Outfit/Textures/a_D.tga', texture]]), Errors.ArchiveInvalidModel, 'Outfit/Models/a.FBX');
    await expectRefused(craft([['Outfit/Models/a.FBX', model], ['Outfit/Textures/a_D.tga', png]]), Errors.ArchiveInvalidTexture, 'Outfit/Textures/a_D.tga');
    await expectRefused(craft([['Outfit/Models/a.FBX', model], ['Outfit/Textures/a_D.tga', texture.subarray(0, 400)]]), Errors.ArchiveInvalidTexture, 'Outfit/Textures/a_D.tga');
  });

  it('guards against size bombs without trusting declared sizes', async () => {
    const zeros = new Uint8Array(8 * 1024 * 1024);
    const bomb = lieAboutSize(craft([...goodFiles(), ['Outfit/Textures/b.tga', zeros, { level: 9 }]]), 'Outfit/Textures/b.tga', 4096);
    expect(bomb.length).toBeLessThan(100_000);
    // It inflates past what it declared: refused as a bomb, not as "larger than 1GB".
    await expectRefused(bomb, Errors.ArchiveCompressionBomb, 'Outfit/Textures/b.tga');
    const declared = lieAboutSize(craft([...goodFiles(), ['Outfit/Textures/b.tga', texture]]), 'Outfit/Textures/b.tga', 0xffff_fff0);
    await expectRefused(declared, Errors.ArchiveUnpackedTooLarge, 'Outfit/Textures/b.tga');
  });

  it('refuses a texture bomb from its declared size without inflating it, while /healthz keeps answering', async () => {
    // 4096×4096 at 32 bits: 64 MiB of pixels that pack to about 64 KB.
    // A noisy texture after it keeps the bomb out of the archive's tail, which opening the zip reads.
    const noise = writeTgaHeader(randomBytes(18 + 256 * 256 * 4), 256, 256, 32);
    const bomb = craft([
      ['Outfit/Models/a.FBX', model],
      ['Outfit/Textures/a_D.tga', flatTga(4096, 4096, 4096 * 4096 * 4)],
      ['Outfit/Textures/b.tga', noise, { level: 0 }],
    ]);
    expect(bomb.length).toBeLessThan(400_000);
    const key = store(bomb);
    // Count the archive bytes the check reads from the store: the bomb's deflate stream is never opened.
    let read = 0;
    const storage = t.app.storage;
    const realRead = storage.read.bind(storage);
    const spy = vi.spyOn(storage, 'read').mockImplementation(async (objectKey, range) => {
      const counter = new PassThrough();
      counter.on('data', (chunk: Buffer) => (read += chunk.length));
      return (await realRead(objectKey, range)).pipe(counter) as Readable;
    });
    try {
      const [refused, health] = await Promise.all([submit(key), t.app.inject({ method: 'GET', url: '/healthz' })]);
      expect(refused.json().errInfo).toMatchObject({ code: Errors.ArchiveOverComponentBudget, params: { file: 'Outfit/Textures/a_D.tga', rule: 'texture_bytes', size: 18 + 4096 * 4096 * 4 } });
      expect(health.statusCode).toBe(200);
    } finally {
      spy.mockRestore();
    }
    // The zip's last 64 KiB (where its directory is sought) and a few local headers, not the bomb's 64 KB.
    expect(read).toBeLessThan(65_557 + 16_384);
    // Refused archives are deleted, so a resubmit finds nothing to inflate.
    expect((await submit(key)).json().errInfo.code).toBe(Errors.NotFound);
  });

  it('stops inflating at the first breach: a texture header over budget, a model without FBX magic, the ratio budget', async () => {
    const reader = storageObjectReader(t.app.storage);
    const inspect = async (bytes: Uint8Array, limits = {}) => {
      let inflated = 0;
      const error = await inspectOutfitArchive(reader, store(bytes), 'XSY', { ...limits, onInflate: (n) => (inflated += n) }).then(
        () => undefined,
        (e: unknown) => e,
      );
      return { error, inflated };
    };

    // Declared size within the texture budget's bytes, but the header says 2048 px (RLE): refused at the header.
    const wide = await inspect(craft([['Outfit/Models/a.FBX', model], ['Outfit/Textures/a_D.tga', flatTga(2048, 2048, 5 * 1024 * 1024, true)]]));
    expect(wide.error).toMatchObject({ code: Errors.ArchiveOverComponentBudget, params: { file: 'Outfit/Textures/a_D.tga', rule: 'texture_size' } });
    expect(wide.inflated).toBeGreaterThan(0);
    expect(wide.inflated).toBeLessThan(1024 * 1024);

    // 48 MiB of zeros in the Models folder: not FBX, known from its first bytes.
    const zeros = await inspect(craft([['Outfit/Models/a.FBX', new Uint8Array(48 * 1024 * 1024)], ['Outfit/Textures/a_D.tga', texture]]));
    expect(zeros.error).toMatchObject({ code: Errors.ArchiveInvalidModel, params: { file: 'Outfit/Models/a.FBX' } });
    expect(zeros.inflated).toBeGreaterThan(0);
    expect(zeros.inflated).toBeLessThan(1024 * 1024);

    // A flat 1 024 px texture packs about 1 000:1; past the floor, the ratio budget refuses it unread.
    const flat = craft([['Outfit/Models/a.FBX', model], ['Outfit/Textures/a_D.tga', flatTga(1024, 1024, 1024 * 1024 * 4)]]);
    const ratio = await inspect(flat, { minInflateBudget: 1024 * 1024 });
    expect(ratio.error).toMatchObject({ code: Errors.ArchiveCompressionBomb, params: { file: 'Outfit/Textures/a_D.tga', max: 100 } });
    expect(ratio.inflated).toBe(0);
    // Under the default floor the same archive is fine.
    expect((await inspect(flat)).error).toBeUndefined();
  });

  it('deletes a refused archive: its /objects/ URL answers 404 afterwards', async () => {
    const key = store(craft([['Outfit/Models/a.FBX', model], ['Outfit/Textures/a_D.tga', Uint8Array.of(1, 2, 3)]]));
    expect((await t.app.inject({ method: 'GET', url: `/objects/${key}` })).statusCode).toBe(200);
    expect((await submit(key)).json().errInfo.code).toBe(Errors.ArchiveInvalidTexture);
    expect((await t.app.inject({ method: 'GET', url: `/objects/${key}` })).statusCode).toBe(404);
    // The failure stays in the creator's table.
    expect((await list()).json().data.items[0]).toMatchObject({ uploadStatus: 'failure', failure: { code: Errors.ArchiveInvalidTexture } });
  });

  it('applies the shared folder rules and names the rule', async () => {
    const response = await expectRefused(craft([['Outfit/Models/a.FBX', model]]), Errors.ArchiveBreaksFolderRules, 'Outfit/Textures');
    expect(response.json().errInfo.params.rule).toBe('creator.folder.missing_textures');
    await expectRefused(craft([...goodFiles(), ['Outfit/readme.txt', texture]]), Errors.ArchiveBreaksFolderRules, 'Outfit/readme.txt');
    await expectRefused(craft([...goodFiles(), ['Second/Models/b.FBX', model]]), Errors.ArchiveBreaksFolderRules, 'Second');
  });

  it('re-checks the budgets of the component type and the textures the model refers to', async () => {
    const heavy = binaryFbx({ segments: 40, rows: 20, textures: ['a_D.tga'] });
    const response = await expectRefused(craft([['Outfit/Models/a.FBX', heavy], ['Outfit/Textures/a_D.tga', texture]]), Errors.ArchiveOverComponentBudget, 'Outfit/Models/a.FBX', { componentType: 'SJZ' });
    expect(response.json().errInfo.params).toMatchObject({ rule: 'triangles', count: 1600, max: 1000 });
    await expectRefused(craft([['Outfit/Models/a.FBX', model], ['Outfit/Textures/a_D.tga', tgaImage(1024, 1024)]]), Errors.ArchiveOverComponentBudget, 'Outfit/Textures/a_D.tga', { componentType: 'SJZ' });
    await expectRefused(craft([['Outfit/Models/a.FBX', model], ['Outfit/Textures/a_D.tga', tgaImage(96, 64)]]), Errors.ArchiveOverComponentBudget, 'Outfit/Textures/a_D.tga');
    const needsTwo = asciiFbx({ textures: ['a_D.tga', 'a_N.tga'] });
    await expectRefused(craft([['Outfit/Models/a.FBX', needsTwo], ['Outfit/Textures/a_D.tga', texture]]), Errors.ArchiveMissingTexture, 'a_N.tga');
  });

  it("refuses another user's object, a missing object, no agreement and no login", async () => {
    const valid = await clientArchive(validOutfitFiles());
    expect((await submit(store(valid, other))).json().errInfo.code).toBe(Errors.Forbidden);
    expect((await submit(`outfit/${uid}/nothing-here.zip`)).json().errInfo.code).toBe(Errors.NotFound);
    expect((await submit(`outfit/${uid}/../${other}/x.zip`)).json().errInfo.code).toBe(Errors.NotFound);
    const noAgreement = await submit(store(valid), { agreement: false });
    expect(noAgreement.statusCode).toBe(400);
    expect(noAgreement.json().errInfo.code).toBe(Errors.ValidationFailed);
    const anonymous = await submit(store(valid), {}, {});
    expect(anonymous.json().errInfo.code).toBe(Errors.LoginRequired);
  });

  it('pages the list newest first and shows review decisions with their reason', async () => {
    const first = (await list({ page: 1, pageSize: 2 })).json().data;
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThan(4);
    const second = (await list({ page: 2, pageSize: 2 })).json().data;
    expect(second.items[0].resourceId).not.toBe(first.items[0].resourceId);
    expect(Date.parse(second.items[0].uploadTime)).toBeLessThanOrEqual(Date.parse(first.items[1].uploadTime));

    const accepted = (await submit(store(await clientArchive(validOutfitFiles('Review'))))).json().data;
    const id = Number(accepted.resourceId.slice(-6));
    await t.app.outfits.review(id, { state: 'rejected', category: 'broken_model', reason: 'The sleeves clip through the arms' });
    const row = (await list()).json().data.items.find((i: { resourceId: string }) => i.resourceId === accepted.resourceId);
    expect(row).toMatchObject({ id, reviewState: 'rejected', reviewCategory: 'broken_model', reviewReason: 'The sleeves clip through the arms' });
    const otherList = await t.app.inject({
      method: 'GET',
      url: '/v1/creator/outfit/list',
      headers: { token: (await t.app.sessions.create(other, 'test')).token, uid: String(other) },
      query: t.sign(),
    });
    expect(otherList.json().data.items.map((i: { resourceId: string }) => i.resourceId)).not.toContain(accepted.resourceId);
  });
});
