import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { useSeatsOverview, seatCount, minimumSeats, seatsProblem, SeatsInput } from '../billing';
import { setupSubscriptionPath } from '../../app/plan-paths';
import { usePlan } from '../../session/use-plan';
import { SeatSummary } from './SeatSummary';
import { SubscriptionFrame } from './SubscriptionFrame';

/** /organisation-setup/{slug}/subscription/plan: how many seats, and the monthly price. */
export function SubscriptionPlanPage() {
  const { organisation } = usePlan();
  const overview = useSeatsOverview();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<number | null>(null);

  if (overview.isError) {
    return (
      <SubscriptionFrame step="Plan" title="Choose your seats">
        <QueryErrorState title="The plan could not be loaded" query={overview} />
      </SubscriptionFrame>
    );
  }
  const data = overview.data;
  const seats = chosen ?? (data ? minimumSeats(data) : 1);
  const problem = data ? seatsProblem(seats, data) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (problem) return;
    void navigate(`${setupSubscriptionPath(organisation.slug, 'billing')}?seats=${seats}`);
  }

  return (
    <SubscriptionFrame
      step="Plan"
      title="Choose your seats"
      description="One seat for each active member; guests are free. You can add or remove seats later."
    >
      {!data ? (
        <Skeleton h={160} />
      ) : (
        <form onSubmit={submit} noValidate aria-label="Choose your seats">
          <Stack gap="lg">
            <SeatsInput
              label="Seats"
              description={`${seatCount(data.used)} in use now`}
              min={minimumSeats(data)}
              value={seats}
              onChange={setChosen}
              error={problem}
              maw={220}
            />
            <SeatSummary seats={seats} overview={data} />
            <Group justify="space-between">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
                onClick={() => void navigate(setupSubscriptionPath(organisation.slug, 'start'))}
              >
                Back
              </Button>
              <Button type="submit" disabled={problem !== null}>
                Continue to billing
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </SubscriptionFrame>
  );
}
