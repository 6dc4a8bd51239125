/**
 * The label's walkthrough of docs/api.md, as code the type checker reads: each `#region` is one snippet of that
 * page, copied there verbatim (docs-walkthrough.test.ts checks it), so a renamed operation or a changed input
 * breaks this file's type check rather than a reader's program. Not part of the package (tsconfig.build.json).
 */
import { openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import {
  type AlbumForm,
  createTunehouse,
  HttpError,
  verifyWebhook,
  WebhookVerificationError,
} from './index.js';

export async function labelWalkthrough(): Promise<void> {
  // #region client
  const tunehouse = createTunehouse({
    baseUrl: 'https://tunehouse.example',
    apiKey: process.env.TUNEHOUSE_KEY!, // th_live_…
  });
  // #endregion client

  // #region webhook-endpoint
  const hook = await tunehouse.webhooks.create({
    body: {
      url: 'https://hooks.harbour-records.example/tunehouse',
      eventTypes: ['release.live', 'delivery.failed', 'statement.ready', 'payout.settled', 'payout.failed'],
    },
  });
  console.log('store this secret for the receiver:', hook.secret); // whsec_…, shown once
  // #endregion webhook-endpoint

  // #region release
  const artist = await tunehouse.artists.create({ body: { name: 'Paper Boats' } });

  const metadata: AlbumForm = {
    title: 'Northern Lights',
    primaryGenre: 'POP',
    language: 'EN',
    format: 'SINGLE',
    pLine: '2026 Harbour Records',
    cLine: '2026 Harbour Records',
    recordLabel: 'Harbour Records',
    barcode: '5012345678900', // your UPC/EAN (unless your installation assigns them)
    ai: false,
    releaseDate: '2027-03-05',
    platforms: ['SPOTIFY', 'APPLE_MUSIC', 'DEEZER'],
    territories: 'WORLDWIDE',
    artists: [{ id: artist.id, role: 'PRIMARY' }],
    tracks: [{ index: 1, title: 'Aurora', isrc: 'GBHRB2600001' }],
  };
  const form = new FormData();
  form.append('metadata', JSON.stringify(metadata));
  form.append('artwork', await openAsBlob('cover.png', { type: 'image/png' }), 'cover.png');
  const album = await tunehouse.releases.albums.create({ body: form });
  const albumId = String(album.id); // ids are strings in paths

  for (const track of album.tracks) {
    const audio = new FormData();
    audio.append('audio', await openAsBlob('aurora.wav', { type: 'audio/wav' }), 'aurora.wav');
    await tunehouse.releases.tracks.setAudio({ params: { albumId, id: String(track.id) }, body: audio });
  }

  const review = await tunehouse.releases.albums.review({ params: { id: albumId } });
  for (const problem of review.problems) console.log(`${problem.path.join('.')}: ${problem.message}`);
  if (review.ready) {
    const published = await tunehouse.releases.albums.publish({
      params: { id: albumId },
      body: { termsAccepted: true },
    });
    console.log(published.title, published.status);
  }
  // #endregion release

  // #region list
  for await (const each of tunehouse.releases.albums.list.items({ query: { size: 100 } }))
    console.log(each.title, each.status);
  // #endregion list
}

export async function pullStatement(periodId: string): Promise<void> {
  const tunehouse = createTunehouse({
    baseUrl: 'https://tunehouse.example',
    apiKey: process.env.TUNEHOUSE_KEY!,
  });
  // #region statement
  const statement = await tunehouse.wallet.statement({
    params: { id: periodId },
    query: { bucket: 'release' },
  });
  for (const row of statement.rows) console.log(row.label, row.streams, row.credited); // credited: cents
  console.log(statement.period.month, 'total credited', statement.totals.credited, statement.currency);

  const csv = await tunehouse.wallet.statementExport({
    params: { id: periodId },
    query: { bucket: 'track', format: 'csv' },
  });
  await writeFile(`statement-${statement.period.month}.csv`, Buffer.from(await csv.arrayBuffer()));
  // #endregion statement
}

export function receiver(): http.Server {
  // #region receiver
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      const event = await verifyWebhook({
        payload: Buffer.concat(chunks), // the raw body, before any JSON parsing
        header: request.headers['tunehouse-signature'] as string | undefined,
        secret: process.env.TUNEHOUSE_WEBHOOK_SECRET!, // whsec_…
      });
      response.writeHead(204).end(); // answer first, then work
      if (event.type === 'release.live') console.log(`${event.data.title} is live on ${event.data.platform}`);
      if (event.type === 'statement.ready') await pullStatement(event.data.periodId);
    } catch (error) {
      if (!response.headersSent)
        response.writeHead(error instanceof WebhookVerificationError ? 400 : 500).end();
    }
  });
  server.listen(8080); // behind your HTTPS proxy: Tunehouse only posts to https:// URLs
  // #endregion receiver
  return server;
}

export async function payout(month: string): Promise<void> {
  const tunehouse = createTunehouse({
    baseUrl: 'https://tunehouse.example',
    apiKey: process.env.TUNEHOUSE_KEY!,
  });
  // #region payout
  const eligibility = await tunehouse.payouts.eligibility();
  if (eligibility.blockers.length > 0) {
    console.log('no payout yet:', eligibility.blockers);
    return;
  }
  const { items: methods } = await tunehouse.billing.methods();
  const bank = methods.find((method) => method.kind === 'BANK_ACCOUNT');
  if (!bank) throw new Error('Add a bank account in the wallet first');
  try {
    const sent = await tunehouse.payouts.request({
      body: {
        amount: eligibility.available, // cents
        paymentMethodId: bank.id,
        // An account with an authenticator app sends its current code too.
        ...(process.env.TUNEHOUSE_OTP ? { otp: process.env.TUNEHOUSE_OTP } : {}),
      },
      // One key per intended payout: running this script twice for the month pays once.
      idempotencyKey: `payout-${month}`,
    });
    console.log('payout', sent.id, sent.status, sent.amount, sent.currency);
  } catch (error) {
    if (error instanceof HttpError) console.log(error.status, error.code, error.message, error.details);
    else throw error;
  }
  // #endregion payout
}
