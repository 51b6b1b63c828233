import { type AuditEntry, auditApi } from '@sejour/domain';
import { callList } from '../api/client';
import type { ListFetcher } from '../ui';

export const fetchJournal: ListFetcher<AuditEntry> = (query, signal) =>
  callList(auditApi.list, { query, signal });
