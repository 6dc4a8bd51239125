/**
 * DDEX DSR flat files for tests, written here rather than read from anywhere: a report in the UGC profile's layout
 * (the # lines naming each record type's columns, then summary records and one block per recording: AS01
 * recording, MW01.01 work, RU01 release usage, SU03.01 sales/usage, LI01.01 licensor) and one whose blocks carry
 * no usage at all. Titles, names and ids are made up; only the layout follows the standard.
 */

const tsv = (rows: string[][]) => `${rows.map((row) => row.join('\t')).join('\n')}\n`;

/** Named by the DSR convention: recipient TEST, sender YouTube, service AdSupport-music, 2015-Q4, Iceland. */
export const YOUTUBE_QUARTER_REPORT = 'DSR_TEST_YouTube_AdSupport-music_2015-Q4_IS_1of1_20160121T150926.tsv';

/**
 * Q4 2015 in Iceland on YouTube, three recordings, six usage records (file lines 17, 22, 27, 29, 31, 33):
 * USSM19803037 7810 streams over the quarter; USUV71101875 2045 over the quarter; USRH10903879 18, 4, 258 and 75
 * over 2015-10-01..02, 10-03, 10-04..12-03 and 12-04..12-30.
 */
export function youtubeQuarterReport(): string {
  const usage = (block: number, id: string, resource: string, usages: number, start: string, end: string) => [
    ['SU03.01', String(block), id, '1', resource, String(usages), '2.0', start, end],
    ['LI01.01', String(block), '1', 'PUB_1', '', '', '1.0000', 'PerformingRight', '0.0', '1.25'],
  ];
  const block = (n: number, resource: string, isrc: string, title: string, artist: string) => [
    ['AS01', String(n), resource, resource, isrc, title, '', artist, '', 'PT0H0M0S', 'SoundRecording'],
    ['MW01.01', String(n), `W${n}`, '', title.toUpperCase(), '', 'A. WRITER', 'myns::1'],
    ['RU01', String(n), '1', `video-${n}a|video-${n}b`, '40|2'],
  ];
  return tsv([
    [
      'HEAD',
      'dsrf/30',
      'UGCProfile',
      '1.0',
      '1453417766000001',
      '2016-01-21T15:09:26Z',
      '1',
      '1',
      '2015-10-01',
      '2015-12-31',
      'PADPIDA2013020802I',
      'YouTube',
      'AdSupport-music',
      'PADPIDA20070627029',
      'TEST',
      'PUB_1|SOC_1|Residual',
    ],
    [
      '#HEAD',
      'MessageVersion',
      'Profile',
      'ProfileVersion',
      'MessageId',
      'MessageCreatedDateTime',
      'FileNumber',
      'NumberofFiles',
      'UsageStartDate',
      'UsageEndDate',
      'SenderPartyId',
      'SenderName',
      'ServiceDescription',
      'RecipientPartyId',
      'RecipientName',
      'RepresentedRepertoire',
    ],
    [
      '#SY02.01',
      'SummaryRecordId',
      'DistributionChannel',
      'DistributionChannelDPID',
      'CommercialModel',
      'UseType',
      'Territory',
      'ServiceDescription',
      'Usages',
      'Users',
      'Currency',
      'NetRevenue',
      'RightsController',
    ],
    [
      '#AS01',
      'BlockId',
      'ResourceReference',
      'DspResourceId',
      'ISRC',
      'Title',
      'SubTitle',
      'DisplayArtistName',
      'DisplayArtistPartyId',
      'Duration',
      'ResourceType',
    ],
    ['#MW01.01', 'BlockId', 'DspWorkId', 'ISWC', 'Title', 'SubTitle', 'ComposerAuthor', 'ProprietaryWorkId'],
    ['#RU01', 'BlockId', 'SummaryRecordId', 'DspReleaseId', 'Usages'],
    [
      '#SU03.01',
      'BlockId',
      'SalesTransactionId',
      'SummaryRecordId',
      'DspReleaseId',
      'Usages',
      'NetRevenue',
      'ValidityPeriodStart',
      'ValidityPeriodEnd',
    ],
    [
      '#LI01.01',
      'BlockId',
      'SummaryRecordId',
      'RightsController',
      'RightsControllerProprietaryID',
      'RightsControllerWorkID',
      'RightShare%',
      'RightType',
      'AllocatedNetRevenue',
      'AllocatedAmount',
    ],
    [
      '#FOOT',
      'NumberOfLinesInFile',
      'NumberOfLinesInReport',
      'NumberOfSummaryRecords',
      'NumberOfBlocksInFile',
      'NumberOfBlocksInReport',
    ],
    ...['PUB_1', 'SOC_1', 'PUB_2', 'Residual'].map((controller, index) => [
      'SY02.01',
      '1',
      '',
      '',
      'AdvertisementSupportedModel',
      'Stream',
      'IS',
      index === 3 ? 'Video' : 'AdSupport-music',
      String(100_000 * (index + 1)),
      '',
      'USD',
      String(40 * (index + 1)),
      controller,
    ]),
    ...block(1, 'A935917475088049', 'USSM19803037', 'Quiet Harbour', 'Mara Quill'),
    ...usage(1, 'U1', 'A935917475088049', 7810, '20151001', '20151231'),
    ...block(2, 'A726198037646795', 'USUV71101875', 'Not In Our Catalogue', 'Someone Else'),
    ...usage(2, 'U1', 'A726198037646795', 2045, '20151001', '20151231'),
    ...block(3, 'XMhY7hsbhs4', 'USRH10903879', 'Bitter Light / Daybreak', 'Aurora Beck'),
    ...usage(3, 'U1', 'XMhY7hsbhs4', 18, '20151001', '20151002'),
    ...usage(3, 'U2', 'XMhY7hsbhs4', 4, '20151003', '20151003'),
    ...usage(3, 'U3', 'XMhY7hsbhs4', 258, '20151004', '20151203'),
    ...usage(3, 'U4', 'XMhY7hsbhs4', 75, '20151204', '20151230'),
    ['FOOT', '35', '35', '4', '3', '3'],
  ]);
}

/** A month in Australia whose block names a release and a recording but reports no usage (no SU record). */
export const RELEASE_ONLY_REPORT =
  'DSR_PADPIDA2014999999Z_PADPIDA2014111801Y_AdSupport_2015-02_AU_1of1_20150723T092522.tsv';

export function releaseOnlyReport(): string {
  return tsv([
    ['HEAD', 'ID1', 'UgcProfile', '1.1'],
    ['#HEAD', 'MessageVersion', 'ProfileVersion', 'MessageId', 'MessageCreatedDateTime', 'NumberOfFiles'],
    ['#SY02', 'CommercialModel', 'UseType', 'Territory', 'ServiceDescription', 'NumberOfUsages'],
    ['SY03', 'AdSupport', 'Broadcast', 'AU', 'AdSupport', '1200'],
    ['RE01', '1', 'RL1', 'of:0f3c9a'],
    ['AS02', '1', 'RES1', 'of:7b21de', 'QZABC1500001', 'Left \\| Right'],
    ['FOOT', '6'],
  ]);
}
