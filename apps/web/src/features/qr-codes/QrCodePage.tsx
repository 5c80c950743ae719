import type { PublicQrCode } from '@fieldwork/contract';
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { request } from '../../api/request';
import { AUTOLOAD_ORGANISATION_PATH } from '../../app/paths';
import { SignedInUserMenu } from '../../app/SignedInUserMenu';
import { SimpleLayout } from '../../ui/app-shell/SimpleLayout';
import { useSession } from '../../session/use-session';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { locationByIdPath } from '../drawings';

/**
 * /qr/{code} (platform §2), behind the sign-in guard, so anyone signed out signs in first and
 * comes back here. The code is looked up on the public GET /qr_codes/{id} (its organisation and
 * location only); a member of that organisation goes to the location, anyone else is told the
 * code is not theirs, and nothing of the organisation is shown.
 */
export function QrCodePage() {
  return (
    <SimpleLayout headerRight={<SignedInUserMenu />}>
      <QrCodeRoute />
    </SimpleLayout>
  );
}

function QrCodeRoute() {
  const { code = '' } = useParams();
  const { organisations } = useSession();
  const lookup = useQuery({
    queryKey: ['qr-code', code],
    queryFn: () =>
      request<{ data: PublicQrCode }>({
        method: 'get',
        url: `/qr_codes/${encodeURIComponent(code)}`,
        client: 'public',
      }).then((answer) => answer.data),
    retry: false,
  });

  if (lookup.isPending) {
    return (
      <Center h="60vh">
        <Loader role="status" aria-label="Looking up the QR code" />
      </Center>
    );
  }
  if (lookup.isError) {
    if (lookup.error instanceof ApiError && lookup.error.status === 404) {
      return (
        <QrMessage
          title="This QR code is not recognised"
          text="Check the label and scan it again."
        />
      );
    }
    return <QueryErrorState title="Could not look up the QR code" query={lookup} />;
  }
  const qr = lookup.data;
  const organisation = organisations.find((item) => item.id === qr.organisation_id);
  if (!organisation) {
    return (
      <QrMessage
        title="This QR code belongs to another organisation"
        text="You are not a member of the organisation that printed it. Ask them to invite you."
      />
    );
  }
  if (!qr.location_id) {
    return (
      <QrMessage
        title="This QR code is not on a location yet"
        text="Give it to a location from the location's page, then scan it again."
      />
    );
  }
  return <Navigate to={locationByIdPath(organisation.slug, qr.location_id)} replace />;
}

function QrMessage({ title, text }: { title: string; text: string }) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <IconQrcode size={40} aria-hidden />
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Button component={Link} to={AUTOLOAD_ORGANISATION_PATH} variant="default">
          Go to my organisations
        </Button>
      </Stack>
    </Center>
  );
}
