// `npm run bench:media`: the media path of releases, measured.
//
// 1. Audio upload: a fresh account creates an album with one track and uploads a generated 200 MB WAV (16-bit
//    stereo 44.1 kHz) to POST /v1/albums/{albumId}/tracks/{id}/audio. The API runs in a child process on a
//    temporary embedded PostgreSQL and DATA_DIR; this process writes the WAV to a temporary file and sends it as a
//    streamed multipart body (file stream between the part headers; content-length known), so neither side holds
//    the file. Figures: MB/s over the whole request, the time the API took after the last byte (probe, rename,
//    row), and the API process's peak RSS growth during the upload: its VmHWM is reset through
//    /proc/<pid>/clear_refs just before and read just after, and VmRSS is sampled every 50 ms besides (Linux).
// 2. DDEX: building the ERN 4.3 NewReleaseMessage of a 20-track album (domains/delivery/ern43.js) and validating it
//    in process (xmllint-wasm) against DDEX's XSD, found as the API finds it: DDEX_SCHEMA_DIR, the reference copy
//    beside the repository, DDEX's published copy kept under the data folder. The xmllint command this replaced
//    took 217 ms for the same message (docs/decisions/0040-ddex-schema-in-process.md).
//
// Not part of `npm test`: figures, not assertions (the RSS target is reported, not enforced). Runs on api/dist
// (the root script builds it first). BENCH_WAV_MB changes the file size (default 200).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { endpoints, urlOf } from '@tunehouse/contracts';
import { startBenchApi } from './bench-api.mjs';

const WAV_BYTES = Math.round(Number(process.env.BENCH_WAV_MB ?? 200) * 1_000_000);
const RSS_TARGET_MB = 64;
const ERN_TRACKS = 20;
const ERN_RUNS = 20;
const XSD_RUNS = 5;
const dist = (file) => new URL(`../dist/${file}`, import.meta.url).href;
const MB = 1_000_000;

/** Child: the real app on a temporary embedded PostgreSQL, with one verified user. Prints where it listens. */
async function serve() {
  const api = await startBenchApi({
    name: 'media',
    email: `bench-${Date.now()}@example.test`,
    lastName: 'Media',
  });
  console.log(JSON.stringify({ apiUrl: api.apiUrl, email: api.email, password: api.password }));
  const stop = async () => {
    await api.stop();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** A 16-bit stereo 44.1 kHz PCM WAV of `bytes` bytes (a 441 Hz tone), written chunk by chunk. */
async function writeWav(file, bytes) {
  const channels = 2;
  const frameBytes = 4;
  const frames = Math.floor((bytes - 44) / frameBytes);
  const dataSize = frames * frameBytes;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataSize, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * frameBytes, 28);
  header.writeUInt16LE(frameBytes, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataSize, 40);
  // 100 frames are one period of 441 Hz at 44.1 kHz; a chunk holds whole periods, so chunks join seamlessly.
  const chunkFrames = 100 * 2_600;
  const chunk = Buffer.alloc(chunkFrames * frameBytes);
  for (let frame = 0; frame < chunkFrames; frame += 1) {
    const sample = Math.round(Math.sin((2 * Math.PI * frame) / 100) * 12_000);
    chunk.writeInt16LE(sample, frame * frameBytes);
    chunk.writeInt16LE(sample, frame * frameBytes + 2);
  }
  async function* content() {
    yield header;
    for (let left = dataSize; left > 0; left -= chunk.length)
      yield left >= chunk.length ? chunk : chunk.subarray(0, left);
  }
  await pipeline(Readable.from(content()), fs.createWriteStream(file));
  return { frames, seconds: frames / 44_100 };
}

/** The child's memory from /proc (kB → bytes): current RSS and the high-water mark. */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

async function json(apiUrl, method, route, { token, body } = {}) {
  const response = await fetch(`${apiUrl}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/**
 * POST the file as multipart/form-data part `audio`, streamed: the part headers, the file's read stream, the
 * closing boundary; content-length is their sum, so the body is never assembled.
 */
function streamUpload(apiUrl, route, token, file) {
  const boundary = `----tunehouse-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="bench.wav"\r\n` +
      'Content-Type: audio/wav\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(file).size;
  const target = new URL(route, apiUrl);
  return new Promise((resolve, reject) => {
    const times = { start: performance.now(), sent: 0, answered: 0 };
    const request = http.request(
      target,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          times.answered = performance.now();
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200)
            reject(new Error(`upload: ${response.statusCode} ${text.slice(0, 500)}`));
          else resolve({ times, bytes: head.length + size + tail.length, track: JSON.parse(text) });
        });
      },
    );
    request.on('error', reject);
    request.on('finish', () => (times.sent = performance.now()));
    async function* body() {
      yield head;
      yield* fs.createReadStream(file, { highWaterMark: 256 * 1024 });
      yield tail;
    }
    pipeline(Readable.from(body()), request).catch(reject);
  });
}

async function benchUpload(apiUrl, pid, credentials, dir) {
  const file = path.join(dir, 'bench.wav');
  const wav = await writeWav(file, WAV_BYTES);
  const session = await json(apiUrl, 'POST', urlOf(endpoints.sessions.login), { body: credentials });
  const token = session.token.accessToken;
  const album = await json(apiUrl, 'POST', urlOf(endpoints.releases.albums.create), {
    token,
    body: { title: 'Bench release', tracks: [{ index: 1, title: 'A long tone' }] },
  });
  const trackId = album.tracks[0].id;

  const before = memoryOf(pid);
  // "5" resets the peak RSS (VmHWM) to the current RSS (Linux 4.0+), so the peak read after is the upload's own.
  let hwmReset = true;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false;
  }
  let sampledPeak = before.rss;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss);
  }, 50);
  let result;
  try {
    result = await streamUpload(
      apiUrl,
      urlOf(endpoints.releases.tracks.setAudio, { params: { albumId: album.id, id: trackId } }),
      token,
      file,
    );
  } finally {
    clearInterval(sampler);
  }
  const after = memoryOf(pid);
  const peak = Math.max(sampledPeak, hwmReset ? after.hwm : 0);
  fs.rmSync(file, { force: true });
  const { times, bytes, track } = result;
  const seconds = (times.answered - times.start) / 1000;
  return {
    fileBytes: WAV_BYTES,
    audioSeconds: wav.seconds,
    probed: track.audio?.original,
    seconds,
    mbPerSecond: bytes / MB / seconds,
    afterLastByteMs: times.answered - times.sent,
    rssBefore: before.rss,
    rssPeak: peak,
    growth: peak - before.rss,
    hwmReset,
  };
}

/** A valid 20-track album for delivery, with small real files (the message names them and carries their MD5). */
function ernRelease(dir) {
  const file = (name, size) => {
    const buffer = randomBytes(size);
    const location = path.join(dir, name);
    fs.writeFileSync(location, buffer);
    return { path: location, md5: createHash('md5').update(buffer).digest('hex') };
  };
  const artwork = file('cover.jpg', 2048);
  const tracks = Array.from({ length: ERN_TRACKS }, (_, index) => {
    const n = index + 1;
    const audio = file(`track-${n}.wav`, 4096);
    return {
      isrc: `QZABC26${String(n).padStart(5, '0')}`,
      title: `Track ${n} & <friends>`,
      ...(n % 4 === 0 ? { version: 'Extended mix' } : {}),
      durationSeconds: 180 + n * 7,
      artists: [
        { name: 'Mara Quill', role: 'PRIMARY' },
        ...(n % 3 === 0 ? [{ name: 'Kenji Sato', role: 'FEATURING' }] : []),
      ],
      contributors: [
        { name: 'Mara Quill', role: 'MUSIC_LYRICS' },
        { name: 'Ola Nordmann', role: 'PRODUCER' },
        { name: 'Kenji Sato', role: 'MASTERING' },
      ],
      explicit: n % 5 === 0,
      language: 'EN',
      audio: {
        path: audio.path,
        format: 'WAV',
        md5: audio.md5,
        sampleRate: 44_100,
        channels: 2,
        bitDepth: 16,
      },
      previewStartSeconds: 30,
    };
  });
  return {
    albumId: '5b0d7d9e-1c1f-4f8e-9a57-1d6a1f6f0b20',
    upc: '0602445790715',
    catalogNumber: 'TH-BENCH-20',
    title: 'Twenty Tracks',
    label: 'Harbour & Sons Records',
    pLine: '2026 Harbour & Sons Records',
    cLine: '2026 Harbour & Sons Records',
    genre: 'ROCK',
    language: 'EN',
    releaseDate: '2026-12-04',
    releaseType: 'ALBUM',
    explicit: tracks.some((track) => track.explicit),
    territories: 'Worldwide',
    dealStartDate: '2026-12-04',
    artists: [{ name: 'Mara Quill', role: 'PRIMARY' }],
    tracks,
    artwork: { path: artwork.path, format: 'JPEG', md5: artwork.md5, width: 3000, height: 3000 },
  };
}

async function benchErn(dir) {
  const { buildNewReleaseMessage } = await import(dist('domains/delivery/ern43.js'));
  const { releaseForDeliverySchema } = await import(dist('domains/delivery/model.js'));
  const { validateErn } = await import(dist('domains/delivery/schema/validate.js'));
  const { defaultErnSchemaLocator } = await import(dist('domains/delivery/schema/default-locator.js'));
  const { loadConfig } = await import(dist('platform/config.js'));
  const lookup = await defaultErnSchemaLocator(
    loadConfig({
      JWT_SECRET: 'x'.repeat(32),
      BOT_CHECK_HMAC_KEY: 'y'.repeat(32),
      ...(process.env.DATA_DIR ? { DATA_DIR: process.env.DATA_DIR } : {}),
      ...(process.env.DDEX_SCHEMA_DIR ? { DDEX_SCHEMA_DIR: process.env.DDEX_SCHEMA_DIR } : {}),
    }),
  )();
  const release = releaseForDeliverySchema.parse(ernRelease(dir));
  const options = (run) => ({
    sender: { partyId: 'PADPIDATUNEHOUSE', name: 'Tunehouse' },
    recipient: { partyId: 'PADPIDA2011072101T', name: 'Spotify' },
    messageId: `TH20261204120000000B${String(run).padStart(3, '0')}`,
    createdAt: new Date(),
    action: 'DELIVER',
  });
  buildNewReleaseMessage(release, options(0)); // warm-up (module and JIT)
  const builds = [];
  let xml = '';
  for (let run = 1; run <= ERN_RUNS; run += 1) {
    const start = performance.now();
    xml = buildNewReleaseMessage(release, options(run));
    builds.push(performance.now() - start);
  }
  const validations = [];
  if (!lookup.found) return { xmlBytes: Buffer.byteLength(xml), builds, validations, skipped: lookup.reason };
  await validateErn(xml, lookup.schema); // warm-up (the library's first load)
  // CPU time as well as wall time: the validator runs in a worker thread, which process.cpuUsage() counts too, and
  // on a busy machine the wall time says more about the neighbours than about the validator.
  const cpu = [];
  for (let run = 1; run <= XSD_RUNS; run += 1) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const verdict = await validateErn(xml, lookup.schema);
    validations.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
    if (!verdict.valid)
      throw new Error(`the ERN message is not valid: ${verdict.errors.slice(0, 5).join('; ')}`);
  }
  return { xmlBytes: Buffer.byteLength(xml), builds, validations, cpu, schema: lookup.schema.origin };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Parent: starts the API, runs both parts and prints one table. */
async function measure() {
  if (process.platform !== 'linux')
    throw new Error('bench:media reads /proc for the API’s memory: Linux only');
  const self = fileURLToPath(import.meta.url);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-bench-media-client-'));
  const child = spawn(process.execPath, [self, 'serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const line = await new Promise((resolve, reject) => {
      readline.createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    const { apiUrl, email, password } = JSON.parse(line);
    const upload = await benchUpload(apiUrl, child.pid, { email, password }, dir);
    const ern = await benchErn(dir);

    const rows = [
      [
        'WAV upload',
        `${(upload.fileBytes / MB).toFixed(0)} MB, ${(upload.audioSeconds / 60).toFixed(1)} min, 16-bit stereo 44.1 kHz`,
      ],
      [
        '  throughput',
        `${upload.mbPerSecond.toFixed(1)} MB/s (${upload.seconds.toFixed(2)} s, request start to answer)`,
      ],
      ['  after last byte', `${upload.afterLastByteMs.toFixed(0)} ms (probe, move into place, row)`],
      ['  API RSS before', mb(upload.rssBefore)],
      [
        '  API RSS peak',
        `${mb(upload.rssPeak)} (${upload.hwmReset ? 'VmHWM reset before, and 50 ms samples' : '50 ms samples only'})`,
      ],
      [
        '  peak RSS growth',
        `${mb(upload.growth)} (target < ${RSS_TARGET_MB} MiB: ${upload.growth < RSS_TARGET_MB * 1024 * 1024 ? 'met' : 'NOT met'})`,
      ],
      [
        '  probed',
        upload.probed
          ? `${upload.probed.format}, ${upload.probed.duration.toFixed(1)} s, ${upload.probed.size} bytes`
          : '—',
      ],
      [`ERN 4.3, ${ERN_TRACKS} tracks`, `${(ern.xmlBytes / 1024).toFixed(1)} KiB of XML`],
      [
        '  build',
        `${median(ern.builds).toFixed(1)} ms median of ${ERN_RUNS} (min ${Math.min(...ern.builds).toFixed(1)}, max ${Math.max(...ern.builds).toFixed(1)})`,
      ],
      [
        '  XSD validation',
        ern.skipped
          ? `skipped: no ERN 4.3 schema (${ern.skipped})`
          : `${median(ern.validations).toFixed(0)} ms median of ${XSD_RUNS} (min ${Math.min(...ern.validations).toFixed(0)}, max ${Math.max(...ern.validations).toFixed(0)}), ${median(ern.cpu).toFixed(0)} ms of CPU; in process, xmllint-wasm; valid (the xmllint command took 217 ms)`,
      ],
      ...(ern.schema ? [['  schema', ern.schema]] : []),
    ];
    const width = Math.max(...rows.map(([label]) => label.length));
    console.log(
      `\nbench:media — Node ${process.version}, ${os.cpus().length} CPUs, ${os.platform()} ${os.release()}`,
    );
    for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'serve') await serve();
else await measure();
