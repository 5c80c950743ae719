import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconHourglassHigh } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { PAYMENT_OVERDUE_DAYS } from '@fieldwork/contract';
import { formatDate } from '../../ui/format';
import { pageKindOf, longestOverdueDays } from '../gating';
import { billingAreaPath, billingPath } from '../../app/plan-paths';
import { dayCount, subscribePath, trialDaysLeft } from '../../app/plan-status';
import { usePlan } from '../../session/use-plan';
import { currentMembership } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';

/**
 * The plan as the app shell shows it (on organisation pages, not on the subscription pages that
 * explain it): the days left in a trial to those who can act on it (the owner, who subscribes, and
 * admins), and for owners an invoice that is overdue (before the 30 days that pause the
 * organisation, or while support has the overdue state ignored).
 */
export function PlanStatusBanner() {
  const { organisation, plan, owner, now } = usePlan();
  const admin = currentMembership(useSession()).role === 'ADMIN';
  const { pathname } = useLocation();
  const kind = pageKindOf(pathname, organisation.slug);
  if (plan.waived || (kind !== 'ordinary' && kind !== 'billing')) return null;

  if (plan.status === 'TRIAL' && kind === 'ordinary') {
    if (!owner && !admin) return null;
    const days = trialDaysLeft(organisation, now());
    return (
      <Alert
        color={days <= 3 ? 'orange' : 'blue'}
        variant="light"
        icon={<IconHourglassHigh size={18} />}
        p="xs"
        mb="md"
        aria-label="Plan status"
      >
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            <strong>Free trial:</strong> {days === 0 ? 'ends today' : `${dayCount(days)} left`}
            {!owner && '. The owner can subscribe at any time.'}
          </Text>
          {owner && (
            <Button component={Link} to={subscribePath(organisation.slug)} size="compact-sm">
              Subscribe
            </Button>
          )}
        </Group>
      </Alert>
    );
  }

  const overdueDays = longestOverdueDays(plan);
  if (plan.status === 'ACTIVE' && owner && overdueDays > 0) {
    const ignoredUntil = plan.overdue_ignored_until;
    const paused = overdueDays >= PAYMENT_OVERDUE_DAYS;
    return (
      <Alert
        color={paused ? 'red' : 'orange'}
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        p="xs"
        mb="md"
        aria-label="Plan status"
      >
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            <strong>Payment overdue:</strong> an invoice is {dayCount(overdueDays)} overdue.{' '}
            {paused && ignoredUntil
              ? `Access is kept until ${formatDate(ignoredUntil)}.`
              : `Pay it before ${PAYMENT_OVERDUE_DAYS} days to keep your team working.`}
          </Text>
          {kind === 'ordinary' && (
            <Button
              component={Link}
              to={billingPath(organisation.slug, 'invoices')}
              size="compact-sm"
              color={paused ? 'red' : 'orange'}
            >
              Pay now
            </Button>
          )}
        </Group>
      </Alert>
    );
  }
  return null;
}

/** The shell's navigation entry to billing: for the owner of an active, billed plan. */
export function usePlanNavigation(): { label: string; to: string } | null {
  const { organisation, plan, owner } = usePlan();
  if (!owner || plan.waived || plan.status !== 'ACTIVE') return null;
  return { label: 'Billing', to: billingAreaPath(organisation.slug) };
}
