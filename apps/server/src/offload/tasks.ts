import { journalCsvWriter } from '../audit/csv';
import { declarationsCsvWriter } from '../declarations/export-render';
import { registerCsv, registerPdf } from '../register/render';
import { accountingCsvWriter, resumeCsvWriter } from '../resume/exports';
import { noticesPdfWriter } from '../resume/notices-render';

/**
 * What the offload workers can run, by name: pure functions of a head and a list of items, both
 * structured-cloneable (no database, no request), so that a worker imports only them.
 */
export const offloadTasks = {
  registerCsv,
  registerPdf,
} as const;

/**
 * The files a worker makes while its items arrive and hands back part by part (a file too large to hold whole):
 * a writer made from the head, whose `add` returns the bytes finished so far and `end` the last ones.
 */
export const offloadStreams = {
  noticesPdf: noticesPdfWriter,
  declarationsCsv: declarationsCsvWriter,
  resumeCsv: resumeCsvWriter,
  accountingCsv: accountingCsvWriter,
  journalCsv: journalCsvWriter,
} as const;

export type TaskName = keyof typeof offloadTasks;
type Task<N extends TaskName> = (typeof offloadTasks)[N];
export type TaskHead<N extends TaskName> = Parameters<Task<N>>[0];
export type TaskItem<N extends TaskName> = Parameters<Task<N>>[1][number];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<Task<N>>>;

export type StreamName = keyof typeof offloadStreams;
type Writer<N extends StreamName> = ReturnType<(typeof offloadStreams)[N]>;
export type StreamHead<N extends StreamName> = Parameters<(typeof offloadStreams)[N]>[0];
export type StreamItem<N extends StreamName> = Parameters<Writer<N>['add']>[0][number];
/** A writer as the worker drives it, whatever its file. */
export interface StreamWriter {
  add(items: readonly unknown[]): Promise<Uint8Array>;
  end(): Promise<Uint8Array>;
}
