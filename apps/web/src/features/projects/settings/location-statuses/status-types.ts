import type { LocationStatusType } from '@fieldwork/contract';

/** How each location status type reads and is coloured in badges. */
export const STATUS_TYPE_LABEL: Record<LocationStatusType, string> = {
  PENDING: 'Pending',
  ACTIVE: 'Active',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

export const STATUS_TYPE_COLOR: Record<LocationStatusType, string> = {
  PENDING: 'gray',
  ACTIVE: 'blue',
  COMPLETED: 'green',
  CANCELLED: 'red',
};

/** What a type means, under the type select. */
export const STATUS_TYPE_HINT: Record<LocationStatusType, string> = {
  PENDING: 'Work has not started at locations with this status.',
  ACTIVE: 'Work is under way.',
  COMPLETED: 'Work is done; counts towards progress.',
  CANCELLED: 'No work will be done; left out of progress.',
};
