import { Button, Group, List, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { useSeatsOverview, formatMoney, monthlyPrice } from '../billing';
import { setupSubscriptionPath } from '../../app/plan-paths';
import { dayCount, trialDaysLeft } from '../../app/plan-status';
import { usePlan } from '../../session/use-plan';
import { SubscriptionFrame } from './SubscriptionFrame';

const INCLUDED = [
  'Projects, jobs and job sheets for your whole team',
  'The mobile app for everyone in the field',
  'Reports with your logo, signed documents and timesheets',
  'Guests are free: invite clients to their projects at no cost',
];

/** /organisation-setup/{slug}/subscription/start: why a subscription, and what it costs. */
export function SubscriptionStartPage() {
  const { organisation, plan, now } = usePlan();
  const overview = useSeatsOverview();
  const navigate = useNavigate();
  const title =
    plan.status === 'TRIAL'
      ? `Your trial has ${dayCount(trialDaysLeft(organisation, now()))} left`
      : plan.status === 'TRIAL_ENDED'
        ? 'Your free trial has ended'
        : `Subscribe to keep ${organisation.name} running`;

  return (
    <SubscriptionFrame
      step="Start"
      title={title}
      description="Subscribe with one seat for each member who works in Fieldwork. Change seats whenever your team changes."
    >
      <List
        spacing="xs"
        icon={
          <ThemeIcon size={22} radius="xl" color="teal" variant="light">
            <IconCheck size={14} />
          </ThemeIcon>
        }
      >
        {INCLUDED.map((item) => (
          <List.Item key={item}>
            <Text size="sm">{item}</Text>
          </List.Item>
        ))}
      </List>
      {overview.isError ? (
        <QueryErrorState title="The price could not be loaded" query={overview} />
      ) : overview.data ? (
        <Text>
          <Text span fw={700} size="xl">
            {formatMoney(monthlyPrice(1, overview.data).perSeat, overview.data.seat_price.currency)}
          </Text>{' '}
          <Text span c="dimmed">
            per seat per month, plus tax
          </Text>
        </Text>
      ) : (
        <Skeleton h={28} w={220} />
      )}
      <Group>
        <Button
          size="md"
          onClick={() => void navigate(setupSubscriptionPath(organisation.slug, 'plan'))}
        >
          Choose your seats
        </Button>
      </Group>
    </SubscriptionFrame>
  );
}
