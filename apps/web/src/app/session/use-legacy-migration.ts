import { useEffect } from 'react';
import { notifyFailure } from '../../ui/feedback/notify';
import { migrateLegacySession, shouldMigrateLegacySession } from './legacy-migration';
import { session } from '../../session/session-state';
import { useSession } from '../../session/use-session';

let started = false;

/**
 * Runs the legacy-to-new sign-in migration once per page load, as soon as a legacy session works
 * in an organisation with the clerk_migration beta feature. A failure is reported and logged; the
 * user stays where they are.
 */
export function useLegacyMigration(): void {
  const { user, organisationId, organisations } = useSession();
  const organisation = organisations.find((item) => item.id === organisationId);
  const due = user !== null && shouldMigrateLegacySession(organisation);

  useEffect(() => {
    if (!due || started) return;
    started = true;
    migrateLegacySession().catch((error: unknown) => {
      console.error('The legacy sign-in could not be migrated', error);
      if (session.get().connected) notifyFailure('Your sign-in could not be upgraded', error);
    });
  }, [due]);
}

/** Tests start each case with a fresh page. */
export function resetLegacyMigrationForTests(): void {
  started = false;
}
