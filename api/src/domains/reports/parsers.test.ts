import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-parser.js';
import { cellValues, parseDsr, parseDsrFileName } from './dsr-parser.js';
import {
  RELEASE_ONLY_REPORT,
  releaseOnlyReport,
  YOUTUBE_QUARTER_REPORT,
  youtubeQuarterReport,
} from './test-reports.js';
import { parsePeriod, ReportParseError, storeFromName, type UsageRow } from './usage.js';

async function all(rows: AsyncIterable<UsageRow>): Promise<UsageRow[]> {
  const out: UsageRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

const csv = (text: string, name = 'report.csv') => all(parseCsv(Readable.from([Buffer.from(text)]), name));

describe('periods', () => {
  it('reads days, months, quarters, halves, weeks, years and ranges', () => {
    expect(parsePeriod('2015-10-04')).toEqual({ firstDay: '2015-10-04', lastDay: '2015-10-04' });
    expect(parsePeriod('20151004')).toEqual({ firstDay: '2015-10-04', lastDay: '2015-10-04' });
    expect(parsePeriod('2015-02')).toEqual({ firstDay: '2015-02-01', lastDay: '2015-02-28' });
    expect(parsePeriod('2016-02')).toEqual({ firstDay: '2016-02-01', lastDay: '2016-02-29' });
    expect(parsePeriod('2015-Q4')).toEqual({ firstDay: '2015-10-01', lastDay: '2015-12-31' });
    expect(parsePeriod('2015-H1')).toEqual({ firstDay: '2015-01-01', lastDay: '2015-06-30' });
    expect(parsePeriod('2015-W01')).toEqual({ firstDay: '2014-12-29', lastDay: '2015-01-04' });
    expect(parsePeriod('2015')).toEqual({ firstDay: '2015-01-01', lastDay: '2015-12-31' });
    expect(parsePeriod('2015-10-01--2015-10-15')).toEqual({ firstDay: '2015-10-01', lastDay: '2015-10-15' });
    expect(parsePeriod('2015-02-30')).toBeNull();
    expect(parsePeriod('2015-13')).toBeNull();
    expect(parsePeriod('2015-10-15--2015-10-01')).toBeNull();
  });

  it('maps services and senders to stores', () => {
    expect(storeFromName('YouTube')).toBe('YOUTUBE');
    expect(storeFromName('Spotify Premium')).toBe('SPOTIFY');
    expect(storeFromName('apple-music')).toBe('APPLE_MUSIC');
    expect(storeFromName('7digital')).toBe('SEVEN_DIGITAL');
    expect(storeFromName('PADPIDA2013020802I')).toBe('YOUTUBE');
    expect(storeFromName('AdSupport')).toBeNull();
  });

  it('splits multi-value cells on unescaped bars', () => {
    expect(cellValues('A|B\\|C| D')).toEqual(['A', 'B|C', 'D']);
    expect(cellValues('')).toEqual([]);
  });
});

describe('DDEX DSR flat files in the UGC profile', () => {
  const parseReport = (text: string, name: string) => all(parseDsr(Readable.from([Buffer.from(text)]), name));

  it('reads a report with usage and one whose block has a release and a recording but no usage (SU) records', async () => {
    expect(await parseReport(youtubeQuarterReport(), YOUTUBE_QUARTER_REPORT)).toHaveLength(6);
    expect(await parseReport(releaseOnlyReport(), RELEASE_ONLY_REPORT)).toEqual([]);
  });

  it('gives each YouTube usage its recording, period, territory and platform', async () => {
    const rows = await parseReport(youtubeQuarterReport(), YOUTUBE_QUARTER_REPORT);
    expect(
      rows.map(({ line, isrc, firstDay, lastDay, streams, territory, platform }) => ({
        line,
        isrc,
        firstDay,
        lastDay,
        streams,
        territory,
        platform,
      })),
    ).toEqual([
      {
        line: 17,
        isrc: 'USSM19803037',
        firstDay: '2015-10-01',
        lastDay: '2015-12-31',
        streams: 7810,
        territory: 'IS',
        platform: 'YOUTUBE',
      },
      {
        line: 22,
        isrc: 'USUV71101875',
        firstDay: '2015-10-01',
        lastDay: '2015-12-31',
        streams: 2045,
        territory: 'IS',
        platform: 'YOUTUBE',
      },
      {
        line: 27,
        isrc: 'USRH10903879',
        firstDay: '2015-10-01',
        lastDay: '2015-10-02',
        streams: 18,
        territory: 'IS',
        platform: 'YOUTUBE',
      },
      {
        line: 29,
        isrc: 'USRH10903879',
        firstDay: '2015-10-03',
        lastDay: '2015-10-03',
        streams: 4,
        territory: 'IS',
        platform: 'YOUTUBE',
      },
      {
        line: 31,
        isrc: 'USRH10903879',
        firstDay: '2015-10-04',
        lastDay: '2015-12-03',
        streams: 258,
        territory: 'IS',
        platform: 'YOUTUBE',
      },
      {
        line: 33,
        isrc: 'USRH10903879',
        firstDay: '2015-12-04',
        lastDay: '2015-12-30',
        streams: 75,
        territory: 'IS',
        platform: 'YOUTUBE',
      },
    ]);
    expect(rows[0]!.raw.startsWith('SU03.01\t1\tU1')).toBe(true);
    expect(rows.every((row) => row.upc === null && row.sub30 === 0)).toBe(true);
  });

  it('reads the parts of the file name convention', () => {
    expect(parseDsrFileName(YOUTUBE_QUARTER_REPORT)).toEqual({
      recipient: 'TEST',
      sender: 'YouTube',
      service: 'AdSupport-music',
      period: { firstDay: '2015-10-01', lastDay: '2015-12-31' },
      territory: 'IS',
    });
  });
});

describe('DDEX DSR flat (BasicAudioProfile)', () => {
  const dsr = (lines: string[], name = 'DSR_LABEL_Spotify_Premium_2024-02_SE_1of1_20240305T000000.tsv') =>
    all(parseDsr(Readable.from([Buffer.from(lines.join('\n'))]), name));

  it('takes SU02 streams, the head release UPC, the file-name period and sub-30 from a named column', async () => {
    const rows = await dsr([
      'HEAD\tdsrf/30\tBasicAudioProfile\t1.2\tM1\t2024-03-05T00:00:00Z\t1\t1\t2024-02\t2024-02\tPADPIDA0\tSpotify',
      '#SU02\tBlockId\tSummaryRecordId\tSalesTransactionId\tTransactedRelease\tTransactedResource\tIsRoyaltyBearing\tNumberOfStreams\tSub30Streams',
      'SY02.02\tS1\t\t\tSubscriptionModel\tOnDemandStream\tSE\tPremium\t100',
      'SY02.02\tS2\t\t\tPayAsYouGoModel\tPermanentDownload\tSE\tStore\t5',
      'RE01\tB1\tR0\tdsp-r\t\t\t0602445790012',
      'AS01.01\tB1\tA1\tdsp-a1\tSE-ABC-24-00001\tOne',
      'AS01.01\tB1\tA2\tdsp-a2\tSEABC2400002|SEABC2400099\tTwo',
      'SU02\tB1\tS1\tT1\t\tA2\ttrue\t90\t12',
      'SU02\tB1\tS2\tT2\t\tA1\ttrue\t5\t0',
      'SU02\tB1\tS1\tT3\tR0\t\ttrue\t10\t',
      'FOOT\t10',
    ]);
    expect(rows).toMatchObject([
      {
        line: 8,
        isrc: 'SEABC2400002',
        upc: '602445790012',
        streams: 90,
        sub30: 12,
        territory: 'SE',
        platform: 'SPOTIFY',
      },
      // A release-level line: the block has two recordings, so no ISRC (the UPC alone then needs a 1-track release).
      {
        line: 10,
        isrc: null,
        upc: '602445790012',
        streams: 10,
        sub30: 0,
        firstDay: '2024-02-01',
        lastDay: '2024-02-29',
      },
    ]);
  });

  it('names the file and line of a bad record', async () => {
    await expect(
      dsr(['HEAD\tx', 'AS01.01\tB1\tA1\tdsp\tUSAAA2400001\tT', 'SU02\tB1\t\tT\t\tA1\ttrue\tmany']),
    ).rejects.toThrow(
      'DSR_LABEL_Spotify_Premium_2024-02_SE_1of1_20240305T000000.tsv:3: the usage count "many" is not a whole number',
    );
    await expect(dsr(['HEAD\tx', 'hello world'], 'odd.tsv')).rejects.toThrow(
      /odd\.tsv:2: .* is not a DSR record type/,
    );
    await expect(
      dsr(['AS01.01\tB1\tA1\tdsp\tUSAAA2400001\tT', 'SU02\tB1\t\tT\t\tA1\ttrue\t4'], 'x.tsv'),
    ).rejects.toThrow('x.tsv:2: no usage period');
  });
});

describe('malformed DSR files', () => {
  const HEAD =
    'HEAD\tdsrf/30\tBasicAudioProfile\t1.2\tM1\t2024-03-05T00:00:00Z\t1\t1\t2024-02-01\t2024-02-29\tPADPIDA0\tSpotify';
  const SU02 =
    '#SU02\tBlockId\tSummaryRecordId\tSalesTransactionId\tTransactedRelease\tTransactedResource\tIsRoyaltyBearing\tNumberOfStreams\tStreamsUnder30Seconds';
  const block = [
    'SY02\tS1\t\t\tSubscriptionModel\tOnDemandStream\tSE\tPremium\t100',
    'AS02\tB1\tA1\tdsp\tSEABC2400001\tOne',
  ];
  const good = 'SU02\tB1\tS1\tT1\t\tA1\ttrue\t90\t12';
  const parse = (lines: string[]) => all(parseDsr(Readable.from([Buffer.from(lines.join('\n'))]), 'x.tsv'));
  const refusal = (lines: string[]) =>
    parse(lines).then(
      () => null,
      (caught: unknown) => caught as ReportParseError,
    );

  it('reads the well-formed file the cases below break', async () => {
    expect(await parse([HEAD, SU02, ...block, good, 'FOOT\t6'])).toMatchObject([
      { line: 5, streams: 90, sub30: 12, firstDay: '2024-02-01', lastDay: '2024-02-29' },
    ]);
  });

  it('reads a negative usage count as a correction line: no streams, no revenue of its own', async () => {
    // docs/decisions/0078-corrections-and-negative-balances.md
    expect(
      await parse([HEAD, SU02, ...block, good, 'SU02\tB1\tS1\tT2\t\tA1\ttrue\t-5\t0', 'FOOT\t7']),
    ).toMatchObject([
      { line: 5, streams: 90, sub30: 12 },
      { line: 6, streams: 0, sub30: 0, revenueMicro: 0, correction: true, isrc: 'SEABC2400001' },
    ]);
  });

  it('refuses each malformed record, naming file and line', async () => {
    const cases: [string, string[], string][] = [
      [
        'a field more than its # line names (a tab inside a value shifts the row)',
        [HEAD, SU02, ...block, good, 'SU02\tB1\tS1\tT2\t\tA1\ttrue\t4\t0\t7', 'FOOT\t7'],
        'x.tsv:6: the SU02 record has 9 fields, its # line names 8',
      ],
      [
        'fewer fields than its # line names',
        [HEAD, SU02, ...block, 'SU02\tB1\tS1\tT2\t\tA1\ttrue\t4', 'FOOT\t6'],
        'x.tsv:5: the SU02 record has 7 fields, 8 expected: the line is cut short',
      ],
      [
        'without a # line, a record that stops before its count',
        [HEAD, ...block, 'SU02\tB1\tS1\tT2\t\tA1', 'FOOT\t5'],
        'x.tsv:4: the SU02 record has 5 fields, 7 expected: the line is cut short',
      ],
      [
        'a negative sub-30 count',
        [HEAD, SU02, ...block, 'SU02\tB1\tS1\tT2\t\tA1\ttrue\t5\t-1', 'FOOT\t6'],
        'x.tsv:5: the sub-30 count "-1" is not a whole number',
      ],
      [
        'a HEAD usage period that is not a date',
        [HEAD.replace('2024-02-01', '2024-02-30'), SU02, ...block, good, 'FOOT\t6'],
        'x.tsv:1: the usage period 2024-02-30..2024-02-29 is not a pair of dates (or periods)',
      ],
      [
        'a HEAD usage period that ends before it starts',
        [HEAD.replace('2024-02-29', '2024-01-31'), SU02, ...block, good, 'FOOT\t6'],
        'x.tsv:1: the usage period 2024-02-01..2024-01-31 is not a pair of dates (or periods)',
      ],
      [
        'a validity period that is not a date',
        [
          HEAD,
          '#SU03\tBlockId\tSalesTransactionId\tSummaryRecordId\tDspReleaseId\tUsages\tNetRevenue\tValidityPeriodStart\tValidityPeriodEnd',
          ...block,
          'SU03\tB1\tT1\tS1\tA1\t12\t0.1\t20240231\t20240229',
          'FOOT\t6',
        ],
        'x.tsv:5: the validity period 20240231..20240229 is not a pair of dates',
      ],
      [
        'cut off mid-line: the last line lost its fields and the FOOT record',
        [HEAD, SU02, ...block, good, 'SU02\tB1\tS1\tT2\t\tA'],
        'x.tsv:6: the SU02 record has 5 fields, 8 expected: the line is cut short',
      ],
      [
        'cut off between records: no FOOT record',
        [HEAD, SU02, ...block, good, 'AS02\tB2\tA2\tdsp\tSEABC2400002\tTwo'],
        'x.tsv:6: the file ends without its FOOT record: it is cut short (or not a whole DSR file)',
      ],
      [
        'a record after the FOOT record',
        [HEAD, SU02, ...block, good, 'FOOT\t6', good],
        'x.tsv:7: a record after the FOOT record of line 6',
      ],
    ];
    for (const [title, lines, message] of cases) {
      const error = await refusal(lines);
      expect(error, title).toBeInstanceOf(ReportParseError);
      expect(error!.message, title).toBe(message);
    }
  });
});

describe('CSV layout', () => {
  it('reads the documented columns in any order, periods included', async () => {
    const rows = await csv(
      [
        'streams,date,platform,territory,isrc,upc,sub30',
        '120,2024-03-01,SPOTIFY,se,SE-ABC-24-00001,,7',
        '30,2024-03,Apple Music,,,0602445790012,',
        '"5",2024-03-02,youtube music,WW,SEABC2400001,,0',
      ].join('\r\n'),
    );
    expect(rows).toMatchObject([
      {
        line: 2,
        firstDay: '2024-03-01',
        lastDay: '2024-03-01',
        platform: 'SPOTIFY',
        territory: 'SE',
        isrc: 'SEABC2400001',
        streams: 120,
        sub30: 7,
      },
      {
        line: 3,
        firstDay: '2024-03-01',
        lastDay: '2024-03-31',
        platform: 'APPLE_MUSIC',
        territory: null,
        upc: '602445790012',
        streams: 30,
        sub30: 0,
      },
      { line: 4, platform: 'YOUTUBE', territory: null, streams: 5 },
    ]);
    expect(rows[0]!.raw).toBe('120,2024-03-01,SPOTIFY,se,SE-ABC-24-00001,,7');
  });

  it('reads playlist lines', async () => {
    const [row] = await csv(
      'date,platform,isrc,streams,playlist_id,playlist_title,playlist_author,playlist_followers,playlist_url\n' +
        '2024-03-01,SPOTIFY,SEABC2400001,40,37i9dQ,"Fresh, Finds",Spotify,1200,https://open.spotify.com/playlist/37i9dQ\n',
    );
    expect(row!.playlist).toEqual({
      externalId: '37i9dQ',
      title: 'Fresh, Finds',
      author: 'Spotify',
      followers: 1200,
      url: 'https://open.spotify.com/playlist/37i9dQ',
      imageUrl: null,
    });
  });

  it('says which file and line is wrong, and why', async () => {
    const header = 'date,platform,territory,isrc,upc,streams,sub30';
    const cases: [string, RegExp][] = [
      [
        `${header}\n2024-03-01,SPOTIFY,SE,SEABC2400001,,ten,0`,
        /^report\.csv:2: streams "ten" is not a whole number/,
      ],
      [
        `${header}\n2024-03-01,SPOTIFY,SE,SEABC2400001,,1,0\n2024-02-30,SPOTIFY,SE,SEABC2400001,,1,0`,
        /^report\.csv:3: date "2024-02-30"/,
      ],
      [
        `${header}\n2024-03-01,NOPE,SE,SEABC2400001,,1,0`,
        /^report\.csv:2: platform "NOPE" is not a store we know/,
      ],
      [`${header}\n2024-03-01,SPOTIFY,XX1,SEABC2400001,,1,0`, /^report\.csv:2: territory "XX1"/],
      [`${header}\n2024-03-01,SPOTIFY,SE,BAD,,1,0`, /^report\.csv:2: isrc "BAD" is not an ISRC/],
      [`${header}\n2024-03-01,SPOTIFY,SE,,,1,0`, /^report\.csv:2: the line has neither an isrc nor a upc/],
      [
        `${header}\n2024-03-01,SPOTIFY,SE,SEABC2400001,,5,6`,
        /^report\.csv:2: sub30 6 is more than the 5 streams/,
      ],
      [
        `${header}\n2024-03-01,SPOTIFY,SE,SEABC2400001,,5`,
        /^report\.csv:2: Invalid Record Length: expect 7, got 6/,
      ],
      [`${header}\n2024-03-01,SPOTIFY,SE,"SEABC2400001,,5,0`, /^report\.csv:2: /],
      // A field too many (a comma inside an unquoted value), and a last line cut off mid-line.
      [
        `${header}\n2024-03-01,SPOTIFY,SE,SEABC2400001,,5,0,7`,
        /^report\.csv:2: Invalid Record Length: expect 7, got 8/,
      ],
      [
        `${header}\n2024-03-01,SPOTIFY,SE,SEABC2400001,,5,0\n2024-03-02,SPOTIFY,SE,SEAB`,
        /^report\.csv:3: Invalid Record Length: expect 7, got 4/,
      ],
      [
        `${header}\n2024-03-01,SPOTIFY,SE,SEABC2400001,,5,0\n"2024-03-02,SPOTIFY`,
        /^report\.csv:3: Quote Not Closed/,
      ],
      [`${header}\n2024-13-01,SPOTIFY,SE,SEABC2400001,,1,0`, /^report\.csv:2: date "2024-13-01"/],
      [
        `${header}\n2024-03-01,SPOTIFY,SE,SEABC2400001,,-3,0`,
        /^report\.csv:2: streams "-3" is not a whole number/,
      ],
      [
        `${header}\n2024-03-01,SPOTIFY,SE,SEABC2400001,,3,-1`,
        /^report\.csv:2: sub30 "-1" is not a whole number/,
      ],
      ['date,isrc,streams\n2024-03-01,SEABC2400001,1', /^report\.csv:1: the header row lacks platform/],
      ['', /^report\.csv:1: the file is empty/],
      [
        `${header}\n1999-12-31,SPOTIFY,SE,SEABC2400001,,1,0`,
        /^report\.csv:2: the period 1999-12-31\.\.1999-12-31 is outside/,
      ],
    ];
    for (const [text, message] of cases) {
      const error = await csv(text).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, text).toBeInstanceOf(ReportParseError);
      expect((error as Error).message, text).toMatch(message);
    }
  });
});
