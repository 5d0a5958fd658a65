import { Piscina } from 'piscina';
import { ownBytes, runFileTask, type FileTask, type FileResult } from './file-tasks';

/**
 * The file workers' entry (a tsup entry of its own: dist/file-worker.js; lib/files/file-pool.ts
 * starts it). Bytes go back transferred, not copied.
 */
export default async function fileWorker(task: FileTask): Promise<FileResult> {
  const result = await runFileTask(task);
  return typeof result === 'string' ? result : (Piscina.move(ownBytes(result)) as unknown as Uint8Array);
}
