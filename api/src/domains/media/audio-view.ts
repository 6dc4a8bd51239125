import { type Audio, endpoints, urlOf } from '@tunehouse/contracts';
import type { AudioRecord } from './audio-repository.js';
import { type SignedLink, signOriginalLink } from './signed-audio-links.js';

export function audioFileUrl(origin: string, audioId: string, file: string, link?: SignedLink): string {
  const query = link ? { expires: link.expires, signature: link.signature } : {};
  return `${origin}${urlOf(endpoints.media.audio, { params: { id: audioId, file }, query })}`;
}

/** A track's audio: the probed original and, once its job has run, the MP3 preview. */
export function toAudio(audio: AudioRecord, origin: string): Audio {
  return {
    id: audio.id,
    original: {
      name: audio.name,
      url: audioFileUrl(
        origin,
        audio.id,
        audio.file,
        signOriginalLink(audio.downloadKey, audio.id, audio.file),
      ),
      size: audio.size,
      sampleRate: audio.sampleRate,
      channels: audio.channels,
      duration: audio.duration,
      format: audio.format,
      bitDepth: audio.bitDepth,
      bitRate: audio.bitRate,
    },
    mp3: audio.mp3
      ? {
          url: audioFileUrl(origin, audio.id, audio.mp3.file),
          size: audio.mp3.size,
          duration: audio.mp3.duration,
        }
      : null,
  };
}
