import { ThemeIcon } from '@mantine/core';
import {
  IconBolt,
  IconBuilding,
  IconCertificate,
  IconDeviceMobile,
  IconDevices,
  IconKey,
  IconMail,
  IconSparkles,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Icon names a changelog may carry; anything else that is not an emoji gets the sparkles. */
const NAMED: Record<string, ReactNode> = {
  users: <IconUsers size={18} />,
  teams: <IconUsersGroup size={18} />,
  qualifications: <IconCertificate size={18} />,
  certificate: <IconCertificate size={18} />,
  key: <IconKey size={18} />,
  devices: <IconDevices size={18} />,
  bolt: <IconBolt size={18} />,
  building: <IconBuilding size={18} />,
  mail: <IconMail size={18} />,
  'device-mobile': <IconDeviceMobile size={18} />,
};

/** A changelog's icon: a named icon, or its emoji as text. */
export function ChangelogIcon({ icon }: { icon: string | null }) {
  const name = icon?.trim() ?? '';
  const isName = /^[a-z0-9_-]*$/i.test(name);
  return (
    <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
      {isName ? (
        (NAMED[name.toLowerCase()] ?? <IconSparkles size={18} />)
      ) : (
        <span style={{ fontSize: 18 }}>{name}</span>
      )}
    </ThemeIcon>
  );
}
