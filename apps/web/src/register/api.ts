import {
  type Month,
  type RegisterStay,
  registerApi,
  type StayImportInput,
  type StayInputRaw,
} from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';

/** Server state of registers: every change refreshes the register and the months computed from it. */
export const registerKeys = {
  all: ['register'] as const,
  period: (establishmentId: number, year: number, month: Month | null) =>
    ['register', 'stays', establishmentId, year, month] as const,
};

export function useStays(establishmentId: number, year: number, month: Month | null) {
  return useQuery({
    queryKey: registerKeys.period(establishmentId, year, month),
    queryFn: ({ signal }) =>
      call(registerApi.list, { params: { id: establishmentId }, query: { year, month }, signal }),
  });
}

export function useRegisterMutations(establishmentId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: registerKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: StayInputRaw) => call(registerApi.create, { params: { id: establishmentId }, body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: StayInputRaw }) =>
        call(registerApi.update, { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (stay: RegisterStay) => call(registerApi.remove, { params: { id: stay.id } }),
      onSuccess: refresh,
    }),
    import: useMutation({
      mutationFn: (body: StayImportInput) =>
        call(registerApi.import, { params: { id: establishmentId }, body }),
      onSuccess: (_data, body) => (body.dryRun ? undefined : refresh()),
    }),
  };
}
