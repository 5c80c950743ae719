import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { CsvImportDialog } from './CsvImportDialog';
import type { CsvImportDialogProps } from './CsvImportDialog';

/** A button ("Import" unless `label` says otherwise) opening the CSV import of one kind. */
export function CsvImportButton({
  label = 'Import',
  ...dialog
}: Omit<CsvImportDialogProps, 'opened' | 'onClose'> & { label?: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} />}
        onClick={() => setOpened(true)}
      >
        {label}
      </Button>
      <CsvImportDialog {...dialog} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
