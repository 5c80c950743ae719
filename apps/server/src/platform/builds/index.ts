export { buildsResource } from './builds.resource';
export { csvChunks, csvExportBuild, exportCsvRoute, type CsvColumn } from './csv-export';
export {
  BUILD_CONTENT_TYPES,
  defineBuild,
  registerBuildKind,
  type BuildKind,
  type BuildLabel,
  type BuildProgress,
} from './define-build';
export { expireBuildJob } from './expire-build.job';
export { buildFileUrl, buildOfKey } from './files';
export { runBuildJob } from './run-build.job';
export { startBuild } from './start';
export { pendingBuildFile, type PendingFile } from './pending';
