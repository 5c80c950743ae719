import { Center, Loader } from '@mantine/core';

/** A centred spinner while a page, a lazy unit or the session context loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="50vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
