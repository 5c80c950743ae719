import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { optionsOf } from '../account';

/** Whether projects show their reference (the organisation's "Project reference field" switch). */
export function useProjectReferenceEnabled(): boolean {
  return optionsOf(useCurrentOrganisation()).settings.project_reference_field_enabled;
}
