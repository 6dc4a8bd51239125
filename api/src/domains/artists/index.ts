/**
 * Artists: the account's artists with their platform profiles and images, and suggestions of profiles from the
 * platforms. app.ts, the seed and other domains import this file only.
 */
export { insertArtist, replaceProfiles } from './repository.js';
export { artistRoutes } from './routes.js';
export { type ArtistService, createArtistService } from './service.js';
export { providersFromConfig } from './suggestions/providers.js';
export { createSuggestionService, type SuggestionService } from './suggestions/service.js';
