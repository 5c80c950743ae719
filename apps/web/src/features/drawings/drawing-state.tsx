import { Badge, Loader } from '@mantine/core';
import type { FileRules } from '../../ui/uploads/upload-problem';

/** What a drawing may be (the server reads the bytes and decides). */
export const DRAWING_RULES: FileRules = {
  accept: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
  acceptLabel: 'PDF, PNG, JPEG or WebP',
  maxBytes: 20 * 1024 * 1024,
  noun: 'drawing',
};

/** A drawing's conversion when it is not simply ready: converting, or why it failed. */
export function DrawingState({
  drawing,
}: {
  drawing: { status: string; replacing?: boolean; error: string | null };
}) {
  if (drawing.status === 'PROCESSING' || drawing.replacing) {
    return (
      <Badge color="blue" variant="light" leftSection={<Loader size={10} />}>
        Converting
      </Badge>
    );
  }
  if (drawing.status === 'FAILED') {
    return (
      <Badge color="red" variant="light" title={drawing.error ?? undefined}>
        Could not convert
      </Badge>
    );
  }
  return null;
}
