import { BUILD_DEFAULT_TTL_DAYS } from '@fieldwork/contract';

/** How long a built file is kept when its kind says nothing else. */
export const DEFAULT_BUILD_TTL_SECONDS = BUILD_DEFAULT_TTL_DAYS * 24 * 60 * 60;
