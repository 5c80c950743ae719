import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type StorageBackend } from './storage';

/** Files in a folder on this machine (DATA_DIR/files): the embedded default. */
export function localBackend(root: string): StorageBackend {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };

  return {
    name: 'local',
    async write(key, source) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Written beside the target and renamed, so a reader never sees half a file.
      const partial = `${target}.${process.pid}.${Date.now().toString(36)}.partial`;
      const input = source instanceof Readable ? source : Readable.from(source);
      try {
        await pipeline(input, createWriteStream(partial));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await rename(partial, target);
      return { size: (await stat(target)).size };
    },
    async read(key, range) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        return null;
      }
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    async *keys(prefix) {
      const folder = join(root, dirname(`${prefix}x`));
      let entries;
      try {
        entries = await readdir(folder, { recursive: true, withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
        const key = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
        if (key.startsWith(prefix) && !key.startsWith('conversions/')) yield key;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
      await rm(join(root, 'conversions', key), { recursive: true, force: true });
    },
    async directUrl() {
      return null;
    },
    async close() {},
  };
}
