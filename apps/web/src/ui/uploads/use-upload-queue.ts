import { useCallback, useRef, useState } from 'react';
import { describeUploadFailure, localFileProblem, type FileRules } from './upload-problem';
import type { UploadProblem } from './upload-problem';

/** Sends one file, reporting the share sent so far (0–1) when it can. */
export type FileSender = (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;

export interface QueuedFile {
  key: string;
  file: File;
  status: 'uploading' | 'failed';
  /** 0–1, or null until the first progress report (or when the sender gives none). */
  progress: number | null;
  problem: UploadProblem | null;
}

let keys = 0;

/**
 * Files on their way up: each is checked against `rules` first (refused at once, never sent),
 * then sent with its progress; a sent file leaves the list (`onUploaded`), a refused or failed
 * one stays with its reason until removed, or retried when a retry can succeed.
 */
export function useUploadQueue({
  rules,
  send,
  multiple,
  onUploaded,
}: {
  rules: FileRules;
  send: FileSender;
  multiple: boolean;
  onUploaded?: ((file: File) => void) | undefined;
}) {
  const [items, setItems] = useState<QueuedFile[]>([]);
  const latest = useRef({ send, onUploaded });
  latest.current = { send, onUploaded };

  const change = (key: string, update: Partial<QueuedFile>) =>
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...update } : item)),
    );
  const remove = useCallback(
    (key: string) => setItems((current) => current.filter((item) => item.key !== key)),
    [],
  );

  const start = useCallback(
    (key: string, file: File) => {
      latest.current
        .send(file, (fraction) => change(key, { progress: Math.min(1, fraction) }))
        .then(
          () => {
            remove(key);
            latest.current.onUploaded?.(file);
          },
          (error: unknown) =>
            change(key, { status: 'failed', problem: describeUploadFailure(error) }),
        );
    },
    [remove],
  );

  const add = useCallback(
    (files: File[]) => {
      const picked = multiple ? files : files.slice(0, 1);
      const added = picked.map((file): QueuedFile => {
        const problem = localFileProblem(file, rules);
        return {
          key: `upload-${++keys}`,
          file,
          status: problem ? 'failed' : 'uploading',
          progress: null,
          problem,
        };
      });
      // One file at a time replaces what was there (a refused file need not be removed first).
      setItems((current) => (multiple ? [...current, ...added] : added));
      for (const item of added) if (!item.problem) start(item.key, item.file);
    },
    [multiple, rules, start],
  );

  const retry = useCallback(
    (key: string) => {
      const item = items.find((candidate) => candidate.key === key);
      if (!item?.problem?.retryable) return;
      change(key, { status: 'uploading', progress: null, problem: null });
      start(key, item.file);
    },
    [items, start],
  );

  return { items, add, retry, remove, busy: items.some((item) => item.status === 'uploading') };
}
