import { constants, createWriteStream } from 'node:fs';
import { cp, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STORED_FILE_NAME_MAX, storedFileName } from '@sikkha/contract';

export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded files live. `folder` is an upload kind's serve prefix (`slip`, `productMini`, ...), `name` a
 * name the server generated. An S3-compatible adapter implements the same three calls.
 */
export interface Storage {
  /** Stores a new file; never replaces an existing one. Throws on a name that is not a stored-file name. */
  put(folder: string, name: string, data: Buffer): Promise<void>;
  /** Stores a new file as its bytes arrive (a video of gigabytes), like `put`; answers its size in bytes. */
  putStream(folder: string, name: string, data: AsyncIterable<Uint8Array>): Promise<number>;
  /** The file, or null when there is none (or the name could never have been stored). */
  read(folder: string, name: string): Promise<StoredFile | null>;
  /** Deletes the file if it is there. Throws on a name that is not a stored-file name. */
  remove(folder: string, name: string): Promise<void>;
}

const folderName = /^[A-Za-z][A-Za-z0-9]*$/;

/** An upload kind's folder (`slip`, `productMini`): letters and digits only. */
export function isStoredFolder(folder: string): boolean {
  return folderName.test(folder);
}

/** Only names the server could have made; everything else (`..`, slashes, NUL, `%2e`, absolute paths) fails here. */
export function isStoredFileName(name: string): boolean {
  return name.length <= STORED_FILE_NAME_MAX && storedFileName.test(name);
}

/** Files under `<root>/<folder>/<name>`; in the embedded default `root` is `<dataDir>/uploads`. */
export function localDiskStorage(root: string): Storage {
  const base = resolve(root);

  /** The path of a file, or null when the folder or name is not one we make or it would leave `base`. */
  function pathOf(folder: string, name: string): { dir: string; file: string } | null {
    if (!isStoredFolder(folder) || !isStoredFileName(name)) return null;
    const dir = join(base, folder);
    const file = resolve(dir, name);
    const rel = relative(base, file);
    if (rel.startsWith('..') || isAbsolute(rel) || rel !== `${folder}${sep}${name}`) return null;
    return { dir, file };
  }

  function mustPath(folder: string, name: string) {
    const path = pathOf(folder, name);
    if (!path) throw new Error(`not a stored file name: ${JSON.stringify(`${folder}/${name}`)}`);
    return path;
  }

  return {
    async put(folder, name, data) {
      const { dir, file } = mustPath(folder, name);
      await mkdir(dir, { recursive: true });
      // 'wx' creates exclusively: an existing name (or a planted symlink) is never written through.
      try {
        await writeFile(file, data, { flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(file, { force: true });
        throw error;
      }
    },

    async putStream(folder, name, data) {
      const { dir, file } = mustPath(folder, name);
      await mkdir(dir, { recursive: true });
      let size = 0;
      async function* counted() {
        for await (const chunk of data) {
          size += chunk.length;
          yield chunk;
        }
      }
      try {
        await pipeline(counted, createWriteStream(file, { flags: 'wx' }));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(file, { force: true });
        throw error;
      }
      return size;
    },

    async read(folder, name) {
      const path = pathOf(folder, name);
      if (!path) return null;
      // Open first, then stat the open handle: no window between the check and the read, and no symlinks.
      const handle = await open(path.file, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
      if (!handle) return null;
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        return { stream: handle.createReadStream(), size: stat.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async remove(folder, name) {
      const { file } = mustPath(folder, name);
      await rm(file, { force: true });
    },
  };
}

/**
 * Packaged HLS video: one folder per package (`master.m3u8`, `<rendition>/index.m3u8`, `<rendition>/seg<N>.ts`),
 * written once by the packaging job and read by the playback routes. On local disk or in an S3-compatible bucket.
 */
export interface PackageStore {
  /** Puts a finished package that was written to local disk (`dir`, which is consumed) in place as `folder`. */
  save(folder: string, dir: string): Promise<void>;
  /** A file of a package (`master.m3u8`, `360p/seg0.ts`), or null when there is none. */
  read(folder: string, path: string): Promise<StoredFile | null>;
  /** Deletes a package and everything in it. */
  remove(folder: string): Promise<void>;
}

/** A package folder (a UUID, or the demo's name) and the path of a file in it: plain names, never `..`. */
const packageFolder = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
const packagePath = /^([A-Za-z0-9]+\/)?[A-Za-z0-9_-]+\.(m3u8|ts)$/;

export function isPackageFile(folder: string, path: string): boolean {
  return packageFolder.test(folder) && packagePath.test(path);
}

/** Packages under `<root>/<folder>` (`<dataDir>/hls`). */
export function localPackageStore(root: string): PackageStore {
  const base = resolve(root);
  const folderPath = (folder: string) => {
    if (!packageFolder.test(folder)) throw new Error(`not a package folder: ${JSON.stringify(folder)}`);
    return join(base, folder);
  };
  return {
    async save(folder, dir) {
      const target = folderPath(folder);
      await mkdir(base, { recursive: true });
      try {
        await rename(dir, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        // The work folder is on another disk: copied beside the target, then renamed, so no reader sees half of it.
        const staging = `${target}.partial`;
        await rm(staging, { recursive: true, force: true });
        await cp(dir, staging, { recursive: true });
        await rename(staging, target);
        await rm(dir, { recursive: true, force: true });
      }
    },
    async read(folder, path) {
      if (!isPackageFile(folder, path)) return null;
      const handle = await open(join(base, folder, path), constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
      if (!handle) return null;
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { stream: handle.createReadStream(), size: stat.size };
    },
    async remove(folder) {
      await rm(folderPath(folder), { recursive: true, force: true });
    },
  };
}
