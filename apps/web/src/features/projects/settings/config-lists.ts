import type {
  ApprovalStage,
  DocumentFolder,
  JobAttribute,
  LocationAttribute,
  LocationStatus,
  ProjectForm,
  ProjectMaterial,
  SignedDocumentFolder,
  SpecificationAttribute,
} from '@fieldwork/contract';

/** Each configuration list of a project or template and the record it holds. */
export interface ConfigListItems {
  job_attributes: JobAttribute;
  location_attributes: LocationAttribute;
  specification_attributes: SpecificationAttribute;
  location_statuses: LocationStatus;
  approval_stages: ApprovalStage;
  document_folders: DocumentFolder;
  signed_document_folders: SignedDocumentFolder;
  materials: ProjectMaterial;
  forms: ProjectForm;
}

export type ConfigList = keyof ConfigListItems;
export type ConfigItem<List extends ConfigList> = ConfigListItems[List];

export type AttributeList = 'job_attributes' | 'location_attributes' | 'specification_attributes';
export type AnyAttribute = JobAttribute | LocationAttribute | SpecificationAttribute;
