import { registerCsv, registerPdf } from '../register/render';

/**
 * What the offload workers can run, by name: pure functions of a head and a list of items, both
 * structured-cloneable (no database, no request), so that a worker imports only them.
 */
export const offloadTasks = {
  registerCsv,
  registerPdf,
} as const;

export type TaskName = keyof typeof offloadTasks;
type Task<N extends TaskName> = (typeof offloadTasks)[N];
export type TaskHead<N extends TaskName> = Parameters<Task<N>>[0];
export type TaskItem<N extends TaskName> = Parameters<Task<N>>[1][number];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<Task<N>>>;
