import { hasMany, type ResourceDeclaration } from '../../platform/resource-kit';
import { approvalDecisionsResource } from './decisions.resource';
import { jobSheetMaterialsResource } from './materials.resource';
import { jobSheetPhotosResource } from './photos/photos.resource';
import { withAnswers } from './sheet-answers';
import { jobSheetBase } from './sheet-base';

/**
 * Job sheets as the API serves them: the sheet (sheet-base.ts) with its embedded children, then
 * its answers (field values), duplicate photos and current stage.
 */
export const jobSheetsResource: ResourceDeclaration = {
  ...jobSheetBase,
  children: {
    photos: hasMany(() => jobSheetPhotosResource, 'job_sheet_id'),
    materials: hasMany(() => jobSheetMaterialsResource, 'job_sheet_id'),
    approvals: hasMany(() => approvalDecisionsResource, 'job_sheet_id'),
  },
  finish: withAnswers,
};
