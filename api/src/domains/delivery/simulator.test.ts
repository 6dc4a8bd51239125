import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PermanentDeliveryError, prepareBatch } from './batch.js';
import type { MessageOptions } from './ern43.js';
import { releaseForDeliverySchema } from './model.js';
import { createErnSchemaLocator, type ErnSchemaSource } from './schema/locate.js';
import { ernEnvelopeSource } from './schema/test-schemas.js';
import { PlatformSimulator } from './simulator.js';
import { albumRelease, singleRelease } from './test-fixtures.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-simulator-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const options = (messageId: string, overrides: Partial<MessageOptions> = {}): MessageOptions => ({
  sender: { partyId: 'PADPIDATUNEHOUSE', name: 'Tunehouse' },
  recipient: { partyId: 'PADPIDATHSIMTIDAL', name: 'TIDAL' },
  messageId,
  createdAt: new Date('2025-03-01T12:00:00Z'),
  action: 'DELIVER',
  ...overrides,
});

/** A simulator whose clock the test moves. */
function simulator(ackDelaySeconds = 0, schema: ErnSchemaSource = ernEnvelopeSource) {
  let offsetMs = 0;
  const platform = new PlatformSimulator('TIDAL', {
    root: path.join(dir, 'deliveries', 'tidal'),
    schema,
    ackDelaySeconds,
    now: () => new Date(Date.now() + offsetMs),
  });
  return { platform, advance: (seconds: number) => (offsetMs += seconds * 1000) };
}

describe('PlatformSimulator (the default for every platform)', () => {
  it('writes the batch under its folder and acknowledges a valid release after the delay', async () => {
    const { platform, advance } = simulator(30);
    const release = releaseForDeliverySchema.parse(albumRelease(path.join(dir, 'album')));
    const batch = await prepareBatch(release, options('TH-SIM-OK-1'));
    const receipt = await platform.upload(batch);
    const folder = path.join(dir, 'deliveries', 'tidal', 'TH-SIM-OK-1');
    expect(receipt).toMatchObject({
      location: folder,
      alreadyComplete: false,
      checkAfterSeconds: 30,
      files: 6,
    });
    expect(fs.readdirSync(path.join(folder, '0602445790715', 'resources')).sort()).toEqual([
      '0602445790715.jpg',
      '0602445790715_01_001.flac',
      '0602445790715_01_002.flac',
      '0602445790715_01_003.flac',
    ]);
    expect(fs.existsSync(path.join(folder, 'BatchComplete_TH-SIM-OK-1.xml'))).toBe(true);

    expect(await platform.acknowledgement(receipt)).toBeNull(); // not yet: the platform takes its time
    advance(31);
    const ack = await platform.acknowledgement(receipt);
    expect(ack).toMatchObject({ messageId: 'TH-SIM-OK-1', status: 'FileOK', accepted: true });
    expect(fs.existsSync(path.join(folder, '0602445790715', 'ACK_0602445790715.xml'))).toBe(true);
    // Asked again, it reads the same acknowledgement back.
    expect(await platform.acknowledgement(receipt)).toEqual(ack);
  });

  it('rejects a message that fails the schema, saying where', async () => {
    const { platform } = simulator();
    const release = releaseForDeliverySchema.parse(singleRelease(path.join(dir, 'invalid')));
    const batch = await prepareBatch(release, options('TH-SIM-INVALID-1'));
    batch.message.xml = batch.message.xml.replace(
      '<ICPN>196871234566</ICPN>',
      '<ICPN>196871234566</ICPN><Bogus/>',
    );
    const ack = await platform.acknowledgement(await platform.upload(batch));
    expect(ack).toMatchObject({ status: 'NewReleaseMessageInvalid', accepted: false });
    expect(ack?.errorText).toMatch(/fails the ERN 4\.3 schema: .*Bogus/);
  });

  it('rejects a batch whose file does not match the MD5 sum in the message', async () => {
    const { platform } = simulator();
    const release = releaseForDeliverySchema.parse(singleRelease(path.join(dir, 'corrupt')));
    const batch = await prepareBatch(release, options('TH-SIM-CORRUPT-1'));
    fs.appendFileSync(release.artwork.path, 'damaged on the way');
    const ack = await platform.acknowledgement(await platform.upload(batch));
    expect(ack).toMatchObject({ status: 'ResourceCorrupt', accepted: false });
    expect(ack?.errorText).toMatch(/^resources\/196871234566\.png: its MD5 is/);
  });

  it('accepts a takedown, which names its files without sending them', async () => {
    const { platform } = simulator();
    const release = releaseForDeliverySchema.parse(singleRelease(path.join(dir, 'takedown')));
    const batch = await prepareBatch(release, options('TH-SIM-TAKEDOWN-1', { action: 'TAKEDOWN' }));
    expect(batch.resources).toEqual([]);
    const ack = await platform.acknowledgement(await platform.upload(batch));
    expect(ack).toMatchObject({ status: 'FileOK', accepted: true });
  });

  it('never processes an incomplete batch (an upload cut short before its BatchComplete file)', async () => {
    const { platform, advance } = simulator();
    const release = releaseForDeliverySchema.parse(singleRelease(path.join(dir, 'partial')));
    const batch = await prepareBatch(release, options('TH-SIM-PARTIAL-1'));
    const folder = path.join(dir, 'deliveries', 'tidal', 'TH-SIM-PARTIAL-1', '196871234566');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, '196871234566.xml'), batch.message.xml);
    const receipt = {
      ...(await platform.upload({ ...batch, messageId: 'TH-SIM-OTHER-1' })),
      messageId: 'TH-SIM-PARTIAL-1',
    };
    advance(3600);
    expect(await platform.acknowledgement(receipt)).toBeNull();
    // The retried upload completes it; only then is it judged.
    const done = await platform.upload(batch);
    expect(done.alreadyComplete).toBe(false);
    expect(await platform.acknowledgement(done)).toMatchObject({ status: 'FileOK' });
    expect((await platform.upload(batch)).alreadyComplete).toBe(true);
  });

  it('says the schema is missing instead of accepting unchecked when DDEX_SCHEMA_DIR names no schema', async () => {
    const missing = createErnSchemaLocator({
      dir: path.join(dir, 'no-schema-here'),
      candidates: [],
      cacheDir: path.join(dir, 'no-cache'),
      publishedUrl: null,
    });
    const { platform } = simulator(0, missing);
    const release = releaseForDeliverySchema.parse(singleRelease(path.join(dir, 'no-schema')));
    const ack = await platform.acknowledgement(
      await platform.upload(await prepareBatch(release, options('TH-SIM-NOSCHEMA-1'))),
    );
    expect(ack).toMatchObject({ status: 'InternalError', accepted: false });
    expect(ack?.errorText).toMatch(
      /DDEX_SCHEMA_DIR is .*no-schema-here.*release-notification\.xsd does not exist/,
    );
  });

  it('with no schema to be had, checks well-formedness only, having warned once', async () => {
    const warnings: string[] = [];
    const none = createErnSchemaLocator({
      dir: undefined,
      candidates: [path.join(dir, 'nothing-here')],
      cacheDir: path.join(dir, 'empty-cache'),
      publishedUrl: null,
      warn: (message) => warnings.push(message),
    });
    const { platform } = simulator(0, none);
    const release = releaseForDeliverySchema.parse(singleRelease(path.join(dir, 'unchecked')));
    const good = await prepareBatch(release, options('TH-SIM-UNCHECKED-1'));
    expect(await platform.acknowledgement(await platform.upload(good))).toMatchObject({
      status: 'FileOK',
      accepted: true,
    });
    const broken = await prepareBatch(release, options('TH-SIM-UNCHECKED-2'));
    broken.message.xml = broken.message.xml.replace('</ReleaseList>', '</ReleaseLst>');
    const ack = await platform.acknowledgement(await platform.upload(broken));
    expect(ack).toMatchObject({ status: 'NewReleaseMessageInvalid', accepted: false });
    expect(ack?.errorText).toMatch(/^The message is not well-formed XML: line \d+: .*ReleaseList/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/schema validation is skipped.*DDEX_SCHEMA_DIR.*nothing-here/);
  });
});

describe('prepareBatch', () => {
  it('computes the MD5 sums the release does not give, and the platform accepts them', async () => {
    const input = singleRelease(path.join(dir, 'unsummed'));
    const release = releaseForDeliverySchema.parse({
      ...input,
      tracks: input.tracks.map((track) => ({ ...track, audio: { ...track.audio, md5: null } })),
      artwork: { ...input.artwork, md5: undefined },
    });
    const batch = await prepareBatch(release, options('TH-SIM-UNSUMMED-1'));
    expect(batch.resources.map((file) => file.md5)).toEqual([input.tracks[0]!.audio.md5, input.artwork.md5]);
    expect(batch.message.xml).toContain(`<HashSumValue>${input.tracks[0]!.audio.md5}</HashSumValue>`);
    const { platform } = simulator();
    expect(await platform.acknowledgement(await platform.upload(batch))).toMatchObject({ status: 'FileOK' });
  });

  it('refuses, for good, a file that is gone or changed since the release was handed over', async () => {
    const release = releaseForDeliverySchema.parse(singleRelease(path.join(dir, 'changed')));
    fs.writeFileSync(release.tracks[0]!.audio.path, 'other bytes');
    await expect(prepareBatch(release, options('TH-X-1'))).rejects.toThrow(PermanentDeliveryError);
    await expect(prepareBatch(release, options('TH-X-1'))).rejects.toThrow(
      /audio of track 1 \(QZABC2500001\) changed/,
    );
    fs.rmSync(release.artwork.path);
    const gone = releaseForDeliverySchema.parse({
      ...singleRelease(path.join(dir, 'gone')),
      artwork: release.artwork,
    });
    await expect(prepareBatch(gone, options('TH-X-2'))).rejects.toThrow(/artwork is missing/);
  });
});
