// Stores get the genre in the words the product shows it in, from the one list in contracts.
import { GENRE_NAMES, type CreditRole, type LanguageCode, type ReleaseType } from '@tunehouse/contracts';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import {
  type DeliveryAction,
  type DeliveryArtist,
  type DeliveryTrack,
  isoDuration,
  type ReleaseForDelivery,
} from './model.js';

/**
 * The DDEX ERN 4.3 NewReleaseMessage for one release and one platform (docs/decisions/0035-ddex-delivery.md).
 * Built with xmlbuilder2: every text and attribute value is escaped by the library, and `wellFormed` refuses a
 * character XML cannot carry instead of dropping it. The structure follows DDEX's own sample messages (an audio
 * album, a simple audio single) and validates against DDEX's release-notification.xsd (see ern43.test.ts).
 */

export const ERN_NAMESPACE = 'http://ddex.net/xml/ern/43';
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';
/** The allowed-value-sets version the 4.3 schema ships with (allowed-value-sets.xsd says 3). */
const AVS_VERSION = '3';

export type MessageParty = { partyId: string; name: string };

export type MessageOptions = {
  sender: MessageParty;
  /** The platform receiving it. */
  recipient: MessageParty;
  messageId: string;
  createdAt: Date;
  action: DeliveryAction;
  /** TestMessage instead of LiveMessage. */
  test?: boolean;
};

/** Where the batch puts a resource, relative to the message file (the URI written in the message). */
export type ResourceFile = { uri: string; md5: string | null | undefined };

/** The files a message names: one per track (same order) and the artwork. */
export type MessageFiles = { tracks: ResourceFile[]; artwork: ResourceFile };

const RELEASE_TYPES: Record<ReleaseType, string> = {
  ALBUM: 'Album',
  EP: 'EP',
  SINGLE: 'Single',
  BOXSET: 'DigitalBoxSetRelease',
};

/** Credit roles as DDEX ContributorRole values. */
const CONTRIBUTOR_ROLES: Record<CreditRole, string> = {
  MUSIC_LYRICS: 'ComposerLyricist',
  MUSIC: 'Composer',
  LYRICS: 'Lyricist',
  MASTERING: 'MasteringEngineer',
  MIXING: 'MixingEngineer',
  RECORDING: 'RecordingEngineer',
  PRODUCER: 'StudioProducer',
  MUSICIAN: 'Musician',
  REMIXER: 'Remixer',
};

/** Deals offered on every platform: streaming (subscription and ad-supported) and permanent downloads. */
const DEALS: { models: string[]; uses: string[] }[] = [
  { models: ['SubscriptionModel'], uses: ['OnDemandStream', 'NonInteractiveStream', 'ConditionalDownload'] },
  { models: ['AdvertisementSupportedModel'], uses: ['OnDemandStream', 'NonInteractiveStream'] },
  { models: ['PayAsYouGoModel'], uses: ['PermanentDownload'] },
];

/** Our language codes as BCP 47 (EN → en, CMN_HANS → cmn-Hans, ES_419 → es-419, JA_LATN → ja-Latn). */
export function languageTag(code: LanguageCode): string {
  const [language = '', ...rest] = code.split('_');
  const subtags = rest.map((part) =>
    /^[A-Z]{4}$/.test(part) ? part[0] + part.slice(1).toLowerCase() : part,
  );
  return [language.toLowerCase(), ...subtags].join('-');
}

/** The four-digit year a P- or C-line starts with or mentions, if any. */
function lineYear(line: string): string | undefined {
  return /\b(1[89]\d\d|2\d\d\d)\b/.exec(line)?.[1];
}

/** "A & B feat. C": the artist names as shops display them. */
export function displayArtistName(artists: DeliveryArtist[]): string {
  const names = (role: DeliveryArtist['role']) =>
    artists.filter((artist) => artist.role === role).map((artist) => artist.name);
  const join = (list: string[]) =>
    list.length <= 2 ? list.join(' & ') : `${list.slice(0, -1).join(', ')} & ${list.at(-1)}`;
  const featuring = names('FEATURING');
  return `${join(names('PRIMARY'))}${featuring.length ? ` feat. ${join(featuring)}` : ''}`;
}

const withVersion = (title: string, version: string | undefined) =>
  version ? `${title} (${version})` : title;

/** Whether a release goes out as DDEX's SimpleAudioSingle profile (one recording, no track releases). */
export function isSimpleSingle(release: ReleaseForDelivery): boolean {
  return release.releaseType === 'SINGLE' && release.tracks.length === 1;
}

/** Batch-relative file names: resources/<UPC>_01_<NNN>.<ext> and resources/<UPC>.<jpg|png> (DDEX sample style). */
export function resourceFiles(release: ReleaseForDelivery): MessageFiles {
  const extension = { WAV: 'wav', FLAC: 'flac', AIFF: 'aif' } as const;
  return {
    tracks: release.tracks.map((track, index) => ({
      uri: `resources/${release.upc}_01_${String(index + 1).padStart(3, '0')}.${extension[track.audio.format]}`,
      md5: track.audio.md5,
    })),
    artwork: {
      uri: `resources/${release.upc}.${release.artwork.format === 'PNG' ? 'png' : 'jpg'}`,
      md5: release.artwork.md5,
    },
  };
}

/** UTC date (YYYY-MM-DD) of an instant. */
const utcDate = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * The NewReleaseMessage as an XML string. DELIVER and UPDATE send the files; a TAKEDOWN is the same message whose
 * deals end (ValidityPeriod EndDate: the day it was made, never before the deal's start) and whose files are named
 * but not sent (IsProvidedInDelivery false).
 */
export function buildNewReleaseMessage(release: ReleaseForDelivery, options: MessageOptions): string {
  const files = resourceFiles(release);
  const provided = options.action !== 'TAKEDOWN';
  const simple = isSimpleSingle(release);

  // Parties: every artist, contributor and the label once, by name.
  const parties = new Map<string, string>();
  const party = (name: string) => {
    let reference = parties.get(name);
    if (!reference) {
      reference = `P${parties.size + 1}`;
      parties.set(name, reference);
    }
    return reference;
  };
  release.artists.forEach((artist) => party(artist.name));
  release.tracks.forEach((track) => {
    track.artists.forEach((artist) => party(artist.name));
    track.contributors.forEach((contributor) => party(contributor.name));
  });
  const labelReference = party(release.label);

  const root = create({ version: '1.0', encoding: 'UTF-8' })
    .ele(ERN_NAMESPACE, 'ern:NewReleaseMessage')
    .att(XMLNS_NAMESPACE, 'xmlns:xsi', XSI_NAMESPACE)
    .att(XSI_NAMESPACE, 'xsi:schemaLocation', `${ERN_NAMESPACE} ${ERN_NAMESPACE}/release-notification.xsd`)
    .att({
      ReleaseProfileVersionId: simple ? 'SimpleAudioSingle' : 'Audio',
      LanguageAndScriptCode: languageTag(release.language ?? 'EN'),
      AvsVersionId: AVS_VERSION,
    });

  const header = root.ele('MessageHeader');
  header.ele('MessageThreadId').txt(options.messageId);
  header.ele('MessageId').txt(options.messageId);
  header.ele('MessageFileName').txt(`${release.upc}.xml`);
  messagingParty(header.ele('MessageSender'), options.sender);
  messagingParty(header.ele('MessageRecipient'), options.recipient);
  header.ele('MessageCreatedDateTime').txt(options.createdAt.toISOString());
  header.ele('MessageControlType').txt(options.test ? 'TestMessage' : 'LiveMessage');

  const partyList = root.ele('PartyList');
  for (const [name, reference] of parties) {
    const element = partyList.ele('Party');
    element.ele('PartyReference').txt(reference);
    element.ele('PartyName').ele('FullName').txt(name);
  }

  const resources = root.ele('ResourceList');
  release.tracks.forEach((track, index) =>
    soundRecording(resources, release, track, index, {
      file: files.tracks[index]!,
      provided,
      party,
    }),
  );
  const imageReference = `A${release.tracks.length + 1}`;
  image(resources, release, imageReference, files.artwork, provided, options.sender.partyId);

  const releases = root.ele('ReleaseList');
  mainRelease(releases.ele('Release'), release, {
    party,
    labelReference,
    imageReference,
    namespace: options.sender.partyId,
  });
  if (!simple) {
    release.tracks.forEach((track, index) => {
      const element = releases.ele('TrackRelease');
      element.ele('ReleaseReference').txt(`R${index + 1}`);
      element
        .ele('ReleaseId')
        .ele('ProprietaryId', { Namespace: options.sender.partyId })
        .txt(`${release.upc}_${track.isrc}`);
      element.ele('ReleaseResourceReference').txt(`A${index + 1}`);
      element.ele('ReleaseLabelReference').txt(labelReference);
      element.ele('Genre').ele('GenreText').txt(GENRE_NAMES[release.genre]);
    });
  }

  const deals = root.ele('DealList');
  const takedownDate = utcDate(options.createdAt);
  const endDate =
    options.action === 'TAKEDOWN'
      ? takedownDate < release.dealStartDate
        ? release.dealStartDate
        : takedownDate
      : undefined;
  const releaseDeal = (references: string[]) => {
    const element = deals.ele('ReleaseDeal');
    references.forEach((reference) => element.ele('DealReleaseReference').txt(reference));
    for (const deal of DEALS) {
      const terms = element.ele('Deal').ele('DealTerms');
      const territories = release.territories === 'Worldwide' ? ['Worldwide'] : release.territories;
      territories.forEach((code) => terms.ele('TerritoryCode').txt(code));
      const period = terms.ele('ValidityPeriod');
      period.ele('StartDate').txt(release.dealStartDate);
      if (endDate) period.ele('EndDate').txt(endDate);
      deal.models.forEach((model) => terms.ele('CommercialModelType').txt(model));
      deal.uses.forEach((use) => terms.ele('UseType').txt(use));
    }
  };
  releaseDeal(['R0']);
  if (!simple) releaseDeal(release.tracks.map((_, index) => `R${index + 1}`));

  return root.end({ prettyPrint: true, wellFormed: true });
}

function messagingParty(element: XMLBuilder, party: MessageParty) {
  element.ele('PartyId').txt(party.partyId);
  element.ele('PartyName').ele('FullName').txt(party.name);
}

function titles(element: XMLBuilder, title: string, version: string | undefined) {
  element.ele('DisplayTitleText').txt(withVersion(title, version));
  const display = element.ele('DisplayTitle', { ApplicableTerritoryCode: 'Worldwide', IsDefault: 'true' });
  display.ele('TitleText').txt(title);
  if (version) display.ele('SubTitle', { SubTitleType: 'Version', IsDisplayedInTitle: 'true' }).txt(version);
}

function displayArtists(element: XMLBuilder, artists: DeliveryArtist[], party: (name: string) => string) {
  element
    .ele('DisplayArtistName', { ApplicableTerritoryCode: 'Worldwide', IsDefault: 'true' })
    .txt(displayArtistName(artists));
  // Primary artists first, then featured ones, in the order given.
  const ordered = [
    ...artists.filter((artist) => artist.role === 'PRIMARY'),
    ...artists.filter((artist) => artist.role === 'FEATURING'),
  ];
  ordered.forEach((artist, index) => {
    const display = element.ele('DisplayArtist', { SequenceNumber: String(index + 1) });
    display.ele('ArtistPartyReference').txt(party(artist.name));
    display.ele('DisplayArtistRole').txt(artist.role === 'PRIMARY' ? 'MainArtist' : 'FeaturedArtist');
  });
}

function pLine(element: XMLBuilder, text: string) {
  const line = element.ele('PLine');
  const year = lineYear(text);
  if (year) line.ele('Year').txt(year);
  line.ele('PLineText').txt(text);
}

function soundRecording(
  resources: XMLBuilder,
  release: ReleaseForDelivery,
  track: DeliveryTrack,
  index: number,
  { file, provided, party }: { file: ResourceFile; provided: boolean; party: (name: string) => string },
) {
  const number = index + 1;
  const recording = resources.ele('SoundRecording');
  recording.ele('ResourceReference').txt(`A${number}`);
  recording.ele('Type').txt('MusicalWorkSoundRecording');
  const edition = recording.ele('SoundRecordingEdition');
  edition.ele('ResourceId').ele('ISRC').txt(track.isrc);
  pLine(edition, track.pLine ?? release.pLine);
  const technical = edition.ele('TechnicalDetails');
  technical.ele('TechnicalResourceDetailsReference').txt(`T${number}`);
  const delivery = technical.ele('DeliveryFile');
  delivery.ele('Type').txt('AudioFile');
  if (track.audio.format !== 'FLAC') delivery.ele('ContainerFormat').txt(track.audio.format);
  delivery.ele('AudioCodecType').txt(track.audio.format === 'FLAC' ? 'FLAC' : 'PCM');
  if (track.audio.channels) delivery.ele('NumberOfChannels').txt(String(track.audio.channels));
  if (track.audio.sampleRate)
    delivery.ele('SamplingRate', { UnitOfMeasure: 'Hz' }).txt(String(track.audio.sampleRate));
  if (track.audio.bitDepth) delivery.ele('BitsPerSample').txt(String(track.audio.bitDepth));
  delivery.ele('Duration').txt(isoDuration(track.durationSeconds));
  fileElement(delivery, file);
  delivery.ele('IsProvidedInDelivery').txt(String(provided));
  if (track.previewStartSeconds !== undefined && track.previewStartSeconds !== null) {
    const clip = technical.ele('ClipDetails');
    clip.ele('TechnicalResourceDetailsReference').txt(`T${number}C`);
    clip.ele('ClipType').txt('Preview');
    clip.ele('Timing').ele('StartPoint').txt(track.previewStartSeconds.toFixed(1));
    clip.ele('ExpressionType').txt('Instructive');
  }
  titles(recording, track.title, track.version);
  const artists = track.artists.length > 0 ? track.artists : release.artists;
  displayArtists(recording, artists, party);
  track.contributors.forEach((contributor, position) => {
    const element = recording.ele('Contributor', { SequenceNumber: String(position + 1) });
    element.ele('ContributorPartyReference').txt(party(contributor.name));
    element.ele('Role').txt(CONTRIBUTOR_ROLES[contributor.role]);
  });
  recording.ele('Duration').txt(isoDuration(track.durationSeconds));
  recording.ele('ParentalWarningType').txt(track.explicit ? 'Explicit' : 'NotExplicit');
  if (track.instrumental !== undefined && track.instrumental !== null)
    recording.ele('IsInstrumental').txt(String(track.instrumental));
  if (track.language) recording.ele('LanguageOfPerformance').txt(languageTag(track.language));
}

function fileElement(parent: XMLBuilder, file: ResourceFile) {
  const element = parent.ele('File');
  element.ele('URI').txt(file.uri);
  if (!file.md5) return; // only for a takedown whose file is gone (prepareBatch fills the sums in otherwise)
  const hash = element.ele('HashSum');
  hash.ele('Algorithm').txt('MD5');
  hash.ele('HashSumValue').txt(file.md5);
}

function image(
  resources: XMLBuilder,
  release: ReleaseForDelivery,
  reference: string,
  file: ResourceFile,
  provided: boolean,
  namespace: string,
) {
  const element = resources.ele('Image');
  element.ele('ResourceReference').txt(reference);
  element.ele('Type').txt('FrontCoverImage');
  element.ele('ResourceId').ele('ProprietaryId', { Namespace: namespace }).txt(`ARTWORK:${release.upc}`);
  const technical = element.ele('TechnicalDetails');
  technical.ele('TechnicalResourceDetailsReference').txt(`T${reference.slice(1)}`);
  technical.ele('ImageCodecType').txt(release.artwork.format);
  technical.ele('ImageHeight', { UnitOfMeasure: 'Pixel' }).txt(String(release.artwork.height));
  technical.ele('ImageWidth', { UnitOfMeasure: 'Pixel' }).txt(String(release.artwork.width));
  fileElement(technical, file);
  technical.ele('IsProvidedInDelivery').txt(String(provided));
}

function mainRelease(
  element: XMLBuilder,
  release: ReleaseForDelivery,
  {
    party,
    labelReference,
    imageReference,
    namespace,
  }: { party: (name: string) => string; labelReference: string; imageReference: string; namespace: string },
) {
  element.ele('ReleaseReference').txt('R0');
  element.ele('ReleaseType').txt(RELEASE_TYPES[release.releaseType]);
  const id = element.ele('ReleaseId');
  id.ele('ICPN').txt(release.upc);
  if (release.catalogNumber) id.ele('CatalogNumber', { Namespace: namespace }).txt(release.catalogNumber);
  titles(element, release.title, release.version);
  displayArtists(element, release.artists, party);
  element.ele('ReleaseLabelReference', { ApplicableTerritoryCode: 'Worldwide' }).txt(labelReference);
  pLine(element, release.pLine);
  const cLine = element.ele('CLine');
  const cYear = lineYear(release.cLine);
  if (cYear) cLine.ele('Year').txt(cYear);
  cLine.ele('CLineText').txt(release.cLine);
  element
    .ele('Duration')
    .txt(isoDuration(release.tracks.reduce((sum, track) => sum + track.durationSeconds, 0)));
  element
    .ele('Genre', { ApplicableTerritoryCode: 'Worldwide' })
    .ele('GenreText')
    .txt(GENRE_NAMES[release.genre]);
  element.ele('ReleaseDate', { ApplicableTerritoryCode: 'Worldwide' }).txt(release.releaseDate);
  if (release.originalReleaseDate)
    element
      .ele('OriginalReleaseDate', { ApplicableTerritoryCode: 'Worldwide' })
      .txt(release.originalReleaseDate);
  const explicit = release.explicit || release.tracks.some((track) => track.explicit);
  element.ele('ParentalWarningType').txt(explicit ? 'Explicit' : 'NotExplicit');
  const group = element.ele('ResourceGroup');
  group.ele('SequenceNumber').txt('1');
  release.tracks.forEach((_, index) => {
    const item = group.ele('ResourceGroupContentItem');
    item.ele('SequenceNumber').txt(String(index + 1));
    item.ele('ReleaseResourceReference').txt(`A${index + 1}`);
  });
  group.ele('LinkedReleaseResourceReference', { LinkDescription: 'CoverArt' }).txt(imageReference);
}
