import type { Preboarding } from '@fieldwork/contract';
import { isPreboardingDone } from './preboarding-state';
import type { PreboardingPlace } from './preboarding-paths';

/** Where the preboarding redirects send a user: the organisation's projects, or a preboarding page. */
export type PreboardingTarget = 'projects' | 'start' | 'invite';

export interface PreboardingRedirectInput {
  /** Where the user is (see preboardingPlaceOf). */
  place: PreboardingPlace;
  preboarding: Pick<Preboarding, 'bypass' | 'completed_at' | 'checkpoint'>;
  /**
   * Whether this member may set the organisation up (the preboarding calls are for its admins).
   * Others are never sent into preboarding, and are sent out of it to the projects page.
   */
  canSetUp: boolean;
}

/**
 * The preboarding redirects of spec/platform.md §4, as one pure function: bypassed or completed →
 * preboarding pages go to projects; not completed → anywhere outside the setup area goes to the
 * preboarding start, or to the invite page when the checkpoint is `invite`. Null: stay.
 */
export function preboardingRedirect({
  place,
  preboarding,
  canSetUp,
}: PreboardingRedirectInput): PreboardingTarget | null {
  if (isPreboardingDone(preboarding) || !canSetUp) {
    return place === 'preboarding' ? 'projects' : null;
  }
  if (place !== 'outside') return null;
  return preboarding.checkpoint === 'invite' ? 'invite' : 'start';
}
