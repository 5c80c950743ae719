import { Button, Text } from '@mantine/core';
import { IconCalendarOff, IconHourglassEmpty, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ORGANISATIONS_PATH } from '../../app/paths';
import { useSession } from '../../session/use-session';
import { subscribePath } from '../../app/plan-status';
import { StatusPanel } from './StatusPanel';
import { usePlan } from '../../session/use-plan';

/**
 * The three status pages of §2 (required, trial-ended, ended). The plan gate sends members here
 * when the plan is neither active nor on trial; the owner gets the way to subscribe, everyone else
 * an explanation and a way to another organisation.
 */
function StatusPage({
  icon,
  title,
  explanation,
  ownerAction,
}: {
  icon: ReactNode;
  title: string;
  explanation: string;
  ownerAction: string;
}) {
  const { organisation, owner } = usePlan();
  const { organisations } = useSession();
  const others = organisations.length > 1;
  return (
    <StatusPanel
      icon={icon}
      color={owner ? 'blue' : 'gray'}
      title={title}
      actions={
        owner ? (
          <Button component={Link} to={subscribePath(organisation.slug)} size="md">
            {ownerAction}
          </Button>
        ) : (
          others && (
            <Button component={Link} to={ORGANISATIONS_PATH} variant="default">
              Switch organisation
            </Button>
          )
        )
      }
    >
      <Text>{explanation}</Text>
      {owner ? (
        <Text size="sm">
          Your projects, jobs and documents are kept. Choose the seats you need and you are back in
          at once.
        </Text>
      ) : (
        <Text size="sm">
          Only the owner of {organisation.name} can subscribe. Ask them to pick a plan; everything
          you have recorded is kept and opens again as soon as they do.
        </Text>
      )}
    </StatusPanel>
  );
}

export function SubscriptionRequiredPage() {
  const { organisation } = usePlan();
  return (
    <StatusPage
      icon={<IconLock size={28} />}
      title="A subscription is required"
      explanation={`${organisation.name} needs a subscription to use Fieldwork.`}
      ownerAction="Choose a plan"
    />
  );
}

export function TrialEndedPage() {
  const { organisation } = usePlan();
  return (
    <StatusPage
      icon={<IconHourglassEmpty size={28} />}
      title="Your free trial has ended"
      explanation={`The 14-day trial of ${organisation.name} is over.`}
      ownerAction="Subscribe now"
    />
  );
}

export function SubscriptionEndedPage() {
  const { organisation } = usePlan();
  return (
    <StatusPage
      icon={<IconCalendarOff size={28} />}
      title="Your subscription has ended"
      explanation={`The subscription of ${organisation.name} is no longer active.`}
      ownerAction="Subscribe again"
    />
  );
}
