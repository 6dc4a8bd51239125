/**
 * A release: an album and its tracks, the administrators' review of it before delivery, and the simulated stores'
 * pages once it is live. One group, served by the releases domain; each resource keeps its own router
 * (`endpoints.releases.albums.create`), so an album's and a track's `list` keep their names. Why one group:
 * docs/decisions/0083-one-releases-group.md.
 */

export * as albums from './releases/albums.js';
export * as tracks from './releases/tracks.js';
export * as reviews from './releases/reviews.js';
export * as simulator from './releases/simulator.js';
