// Live counts and lists (issue 22, item 13): record changes announced by PostgreSQL
// (record_changed, platform/db/change-feed.ts) reach the members' event streams, each filtered
// by what that member may read.
export { createLiveHub, liveCollections, type LiveCollection, type LiveHub } from './live-hub';
export { liveRoutes } from './routes';
