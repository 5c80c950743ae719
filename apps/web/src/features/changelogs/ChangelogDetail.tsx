import type { Changelog } from '@fieldwork/contract';
import {
  AspectRatio,
  Box,
  Button,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { ChangelogDateLine } from './ChangelogDateLine';
import { isViewed, useChangelog, useMarkChangelogViewed } from './changelogs-api';
import { sanitizeContentHtml, videoEmbedOf } from './sanitize';

/** The body of an entry: the server's rendered HTML, sanitised again; else the plain text. */
function ChangelogContent({ changelog }: { changelog: Changelog }) {
  const html = useMemo(
    () =>
      changelog.content_html === undefined ? null : sanitizeContentHtml(changelog.content_html),
    [changelog.content_html],
  );
  if (html === null) {
    return (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {changelog.content}
      </Text>
    );
  }
  return (
    <Typography fz="sm">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

/**
 * One entry: title, date and tag, the hero image, the video (a sandboxed iframe drawn here from
 * the embed's checked address) and the content. Opening it marks it viewed.
 */
export function ChangelogDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const entry = useChangelog(id);
  const markViewed = useMarkChangelogViewed();
  const changelog = entry.data;
  const needsMarking = changelog !== undefined && !isViewed(changelog);
  const { mutate } = markViewed;

  useEffect(() => {
    if (needsMarking) mutate(id);
  }, [needsMarking, id, mutate]);

  const video = videoEmbedOf(changelog?.videoEmbedHtml);

  return (
    <Stack gap="md">
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={14} />}
          onClick={onBack}
        >
          All updates
        </Button>
      </Group>
      {entry.isError ? (
        <QueryErrorState title="Could not load this update" query={entry} />
      ) : !changelog ? (
        <Stack gap="sm" role="status" aria-label="Loading the update">
          <Skeleton h={24} w="70%" />
          <Skeleton h={160} />
          <Skeleton h={12} />
          <Skeleton h={12} w="80%" />
        </Stack>
      ) : (
        <>
          <Stack gap={4}>
            <ChangelogDateLine changelog={changelog} />
            <Title order={3}>{changelog.title}</Title>
          </Stack>
          {changelog.files.hero && (
            <Image src={changelog.files.hero.url} alt="" radius="md" fit="cover" mah={240} />
          )}
          {video && (
            <AspectRatio ratio={16 / 9}>
              <Box
                component="iframe"
                src={video.src}
                title={video.title}
                style={{ border: 0, borderRadius: 'var(--mantine-radius-md)' }}
                // The player may run its own scripts in its own origin; it cannot reach this page.
                sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
                allow="fullscreen; picture-in-picture; encrypted-media"
                referrerPolicy="strict-origin-when-cross-origin"
                loading="lazy"
              />
            </AspectRatio>
          )}
          <ChangelogContent changelog={changelog} />
        </>
      )}
    </Stack>
  );
}
