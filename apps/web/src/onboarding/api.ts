import { type OnboardingImportInput, onboardingApi } from '@sejour/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';

/** The import's requests; a real batch refreshes the lists of providers and establishments. */
export function useOnboardingMutations() {
  const queryClient = useQueryClient();
  return {
    import: useMutation({
      mutationFn: (body: OnboardingImportInput) => call(onboardingApi.import, { body }),
      onSuccess: (_data, body) =>
        body.dryRun
          ? undefined
          : Promise.all([
              queryClient.invalidateQueries({ queryKey: ['users'] }),
              queryClient.invalidateQueries({ queryKey: ['establishments'] }),
            ]),
    }),
    invite: useMutation({
      mutationFn: (userIds: number[]) => call(onboardingApi.invitations, { body: { userIds } }),
    }),
  };
}
