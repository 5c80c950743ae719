import type { Coordinates } from '@fieldwork/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, ValidationFailureError, errorMessage } from '../../api/errors';
import { resourceApi } from '../../api/resource';

const googleMapsApi = resourceApi<never, never>('googlemaps', { client: 'core' });

/** GET /googlemaps/address_to_coordinates?address= (core client). */
const geocode = async (address: string) =>
  (
    await googleMapsApi.overview<{ data: Coordinates }>(
      'address_to_coordinates',
      `address=${encodeURIComponent(address)}`,
    )
  ).data;

/** Why coordinates could not be found, in words for the person filling in the form. */
export function geocodingProblem(error: unknown): { title: string; text: string } {
  // a 422 names its reason on the field (the body's own code is validation_failed)
  const codes = [
    error instanceof ApiError ? error.code : undefined,
    ...(error instanceof ValidationFailureError ? error.errors.map((item) => item.code) : []),
  ];
  if (codes.includes('geocoding_not_configured')) {
    return {
      title: 'Finding coordinates is not set up on this server',
      text: 'Enter them by hand: most map apps show the latitude and longitude of a place when you press and hold on it.',
    };
  }
  if (codes.includes('address_not_found')) {
    return {
      title: 'No place matches this address',
      text: 'Check the address, or enter the coordinates by hand.',
    };
  }
  return { title: 'Could not find coordinates', text: errorMessage(error) };
}

/**
 * "Find coordinates": looks the address up and hands the result to the form; a server without a
 * geocoder (or an address it cannot place) is explained beside the button.
 */
export function FindCoordinates({
  address,
  onFound,
}: {
  address: string;
  onFound: (coordinates: Coordinates) => void;
}) {
  const lookup = useMutation({ mutationFn: geocode, onSuccess: onFound });
  const problem = lookup.isError ? geocodingProblem(lookup.error) : null;
  return (
    <Stack gap={6}>
      <Button
        style={{ alignSelf: 'flex-start' }}
        variant="light"
        size="xs"
        leftSection={<IconMapSearch size={14} />}
        disabled={!address}
        loading={lookup.isPending}
        onClick={() => lookup.mutate(address)}
        title={address ? `Look up ${address}` : 'Fill in the address first'}
      >
        Find coordinates
      </Button>
      {problem && (
        <Alert color="yellow" title={problem.title} withCloseButton onClose={lookup.reset}>
          <Text size="sm">{problem.text}</Text>
        </Alert>
      )}
      {lookup.isSuccess && (
        <Text size="xs" c="dimmed">
          Found {lookup.data.formatted_address}
        </Text>
      )}
    </Stack>
  );
}
