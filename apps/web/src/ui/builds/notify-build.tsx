import type { Build } from '@fieldwork/contract';
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatFileSize } from './build-status';

/**
 * Tells a user who may have moved on that a build has finished: the file's download link when
 * it is ready, the reason when it failed.
 */
export function notifyBuildFinished(build: Build): void {
  if (build.status === 'READY' && build.file) {
    notifications.show({
      title: `${build.name} is ready`,
      color: 'green',
      autoClose: false,
      message: (
        <Anchor href={build.file.url} download={build.file.name}>
          Download {build.file.name} ({formatFileSize(build.file.size)})
        </Anchor>
      ),
    });
  } else if (build.status === 'FAILED') {
    notifications.show({
      title: `${build.name} could not be built`,
      color: 'red',
      message: build.exception ?? 'Something went wrong while building the file.',
    });
  }
}
