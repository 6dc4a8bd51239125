import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { signInWithoutApi } from '../fixtures/session.js';
import { freshStack } from '../fixtures/stack.js';
import { close, createStaticServer, listen } from '../../tools/start/static-server.mjs';

/** A real WAV file: 16-bit stereo PCM at 44.1 kHz, a 440 Hz sine of the given length. */
function sineWav(seconds: number): Buffer {
  const rate = 44_100;
  const frames = rate * seconds;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i += 1) {
    const sample = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 0.3 * 32767);
    data.writeInt16LE(sample, i * 4);
    data.writeInt16LE(sample, i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

test('an area plays a preview range through the shell player, which stops at the range end', async ({
  page,
}) => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const media = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-audio-'));
  fs.writeFileSync(path.join(media, 'sine.wav'), sineWav(6));
  const mediaServer = createStaticServer(media);
  const mediaPort = await listen(mediaServer, 0, '127.0.0.1');
  const fixtureServer = createStaticServer(path.join(here, '..', 'fixtures', 'player-remote', 'dist'));
  const fixturePort = await listen(fixtureServer, 0, '127.0.0.1');
  const stack = await freshStack({
    // Audio comes from the API in the product; here the media server stands in for it, policy included.
    apiBaseUrl: `http://127.0.0.1:${mediaPort}`,
    transformRegistry: (registry: { areas: Record<string, { manifest: string; scope: string }> }) => ({
      ...registry,
      areas: {
        ...registry.areas,
        releases: {
          ...registry.areas.releases,
          manifest: `http://127.0.0.1:${fixturePort}/mf-manifest.json`,
          scope: 'tunehouse_player_fixture',
        },
      },
    }),
  });
  try {
    await signInWithoutApi(page.context(), stack.shellUrl);
    const src = encodeURIComponent(`http://127.0.0.1:${mediaPort}/sine.wav`);
    await page.goto(`${stack.shellUrl}/albums?src=${src}`);
    const player = page.getByRole('region', { name: 'Audio player' });
    await expect(player).toBeHidden();

    await page.getByRole('button', { name: 'Play preview' }).click();
    await expect(player).toBeVisible();
    await expect(player.getByText('Sine at 440 Hz')).toBeVisible();
    await expect(player.getByText('Test Tone, Second Artist and others')).toBeVisible();
    await expect(player.getByText('PREVIEW')).toBeVisible();
    await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect(player.getByLabel('Duration')).toHaveText('00:06');
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: path.join(process.env.SHOTS_DIR, 'player.png') });

    // The range is 1 s + 2 s: playback pauses by itself at 3 s and the range label goes.
    await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible({ timeout: 8000 });
    await expect(player.getByText('PREVIEW')).toBeHidden();
    await expect(player.getByLabel('Position')).toHaveText('00:03');

    // Keyboard: right seeks 10 s (to the end at most), left back, space toggles.
    await player.getByRole('slider', { name: 'Seek' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(player.getByLabel('Position')).toHaveText('00:00');
    await page.keyboard.press('Space');
    await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();

    // Minimize keeps the title only; a track without title or artists falls back.
    await player.getByRole('button', { name: 'Minimize player' }).click();
    await expect(player.getByRole('slider')).toHaveCount(0);
    await page.getByRole('button', { name: 'Play untitled' }).click();
    await expect(player.getByText('Untitled')).toBeVisible();
    await player.getByRole('button', { name: 'Expand player' }).click();
    await expect(player.getByText('Unknown artist')).toBeVisible();
    await player.getByRole('button', { name: 'Close player' }).click();
    await expect(player).toBeHidden();
  } finally {
    await stack.close();
    await close(mediaServer);
    await close(fixtureServer);
    fs.rmSync(media, { recursive: true, force: true });
  }
});
