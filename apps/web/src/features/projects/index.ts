// The projects feature's public face: what routes/ and other features use.
export { LibraryTemplateList } from './create/LibraryTemplateList';
export { pickerData, useSelectOptions, useSiteSearch } from './project-options-api';
export { ProjectFilterSelect } from './ProjectFilterSelect';
export { projectPath } from './project-paths';
export { projectsApi, useProjectList } from './projects-api';
export { OwnerSettingsRoutes } from './settings/OwnerSettingsRoutes';
export { useMemberOptions, usePickerOptions } from './settings/picker-options';
export { configListApi } from './settings/settings-api';
export { useConfigList } from './settings/use-config-list';
export { ProjectOverviewPage, type ProjectHubParts } from './overview/ProjectOverviewPage';
export type { ProjectOverview } from './projects-api';
export { LocationStatusChip } from './LocationStatusChip';
export { STATUS_COLOUR_HEX } from './settings/location-statuses/status-colours';
export { StatusIcon } from './settings/location-statuses/status-icons';
