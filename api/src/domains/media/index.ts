/**
 * Stored media: images (artist images, album artwork) and track audio, their files on disk, their rows, their
 * public URLs and the multipart upload helpers; what other domains, app.ts and main.ts use.
 */
export { mediaRoutes } from './routes.js';
export { createMediaFiles, type MediaFiles } from './media-files.js';
export { createImageStore, type ImageStore, type StoredImage, type StoredRendition } from './image-store.js';
export { type ArtworkStore, createArtworkStore } from './artwork-store.js';
export { type AudioStore, createAudioStore } from './audio-store.js';
export { type AudioJobs, createAudioJobs, makeAudioPreview, workAudioPreviews } from './audio-jobs.js';
export { deleteImage, insertImage } from './repository.js';
export {
  AUDIO_COLUMNS,
  type AudioRecord,
  type AudioRow,
  deleteAudioFile,
  insertAudioFile,
  toAudioRecord,
} from './audio-repository.js';
export { imageFileUrl, publicOrigin, toArtistImage } from './image-view.js';
export { toAudio } from './audio-view.js';
export {
  type ReceivedFile,
  receiveFile,
  refuseOversizedRequest,
  requireMultipart,
  rethrowAsUnreadableMultipart,
} from './upload.js';
