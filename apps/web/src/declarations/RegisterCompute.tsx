import { Alert, Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import {
  type Declaration,
  formatEuros,
  type Month,
  monthName,
  type RegisterMonth,
  registerApi,
} from '@sejour/domain';
import { useState } from 'react';
import { call, callFile } from '../api/client';
import { confirmAction, toast } from '../ui';
import { formatDate } from '../ui/format';
import { useDeclarationMutations } from './api';
import { useDeclarationsTexts } from './texts';

/**
 * "Calculer depuis le registre": the month's figures computed by the server from the establishment's register
 * fill the form (the host may still change them), and the stays used are listed under it.
 */
export function RegisterCompute(props: {
  establishmentId: number;
  year: number;
  month: Month;
  /** The month computed: its figures and, when every stay has one, its exempted person-nights by reason. */
  onFigures: (month: RegisterMonth) => void;
}) {
  const { t } = useDeclarationsTexts();
  const [result, setResult] = useState<RegisterMonth | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="sm" mt="md">
      <Group>
        <Button
          variant="outline"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              const month = await call(registerApi.month, {
                params: { id: props.establishmentId },
                query: { year: props.year, month: props.month },
              });
              setResult(month);
              props.onFigures(month);
            } catch (failure) {
              setError(failure instanceof Error ? failure.message : String(failure));
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('detail.register.compute')}
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {result && (
        <Stack gap="xs" data-testid="register-used">
          <Text size="sm">{t('detail.register.used', { count: result.stays.length })}</Text>
          {result.stays.length > 0 && (
            <Box
              style={{ overflowX: 'auto' }}
              tabIndex={0}
              role="region"
              aria-label={t('detail.register.compute')}
            >
              <Table striped withTableBorder miw={560}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('detail.register.arrival')}</Table.Th>
                    <Table.Th>{t('detail.register.departure')}</Table.Th>
                    <Table.Th ta="right">{t('detail.register.monthNights')}</Table.Th>
                    <Table.Th ta="right">{t('detail.register.persons')}</Table.Th>
                    <Table.Th ta="right">{t('detail.register.exempted')}</Table.Th>
                    <Table.Th ta="right">{t('detail.register.monthRent')}</Table.Th>
                    <Table.Th>{t('detail.register.platform')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.stays.map((stay) => (
                    <Table.Tr key={stay.id}>
                      <Table.Td>{formatDate(stay.arrival)}</Table.Td>
                      <Table.Td>{formatDate(stay.departure)}</Table.Td>
                      <Table.Td ta="right">{stay.monthNights}</Table.Td>
                      <Table.Td ta="right">{stay.persons}</Table.Td>
                      <Table.Td ta="right">{stay.exempted}</Table.Td>
                      <Table.Td ta="right">{formatEuros(stay.monthRent)}</Table.Td>
                      <Table.Td>
                        {stay.platform ? t('detail.register.yes') : t('detail.register.no')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Attaches the month's register, as a PDF made from the stays, through the declaration's own upload; a month
 * without any stay asks first, since its register would be an empty page.
 */
export function AttachRegisterPdf({ declaration }: { declaration: Declaration }) {
  const { t } = useDeclarationsTexts();
  const { uploadFile } = useDeclarationMutations();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="light"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const period = { year: declaration.year, month: declaration.month as Month };
          const stays = await call(registerApi.list, {
            params: { id: declaration.establishmentId },
            query: period,
          });
          if (
            stays.length === 0 &&
            !(await confirmAction({
              title: t('detail.register.emptyTitle'),
              text: t('detail.register.empty', { month: monthName(period.month), year: period.year }),
              confirmLabel: t('detail.register.emptyConfirm'),
            }))
          )
            return;
          const pdf = await callFile(registerApi.exportPdf, {
            params: { id: declaration.establishmentId },
            query: { year: declaration.year, month: declaration.month },
          });
          if (!pdf) throw new Error(t('detail.register.pdfFailed'));
          const base64 = await new Promise<string>((resolve, reject) => {
            const reader = new FileReader();
            reader.onload = () => resolve(String(reader.result));
            reader.onerror = () => reject(reader.error);
            reader.readAsDataURL(pdf);
          });
          const month = String(declaration.month).padStart(2, '0');
          await uploadFile.mutateAsync({
            id: declaration.id,
            body: { base64, file: `registre-${declaration.year}-${month}.pdf` },
          });
          toast.success(t('detail.register.attached'));
        } catch (failure) {
          toast.error(failure instanceof Error ? failure.message : String(failure));
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('detail.register.attachFromStays')}
    </Button>
  );
}
