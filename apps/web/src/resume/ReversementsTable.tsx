// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/Table.css';
import { Table, Text } from '@mantine/core';
import { componentInfo, formatEuros, type Reversements } from '@sejour/domain';
import { useResumeTexts } from './texts';

/** One semester's reversements: per component and beneficiary, the amount to pay over, and their total. */
export function ReversementsTable({ semester }: { semester: Reversements['semesters'][number] }) {
  const { t } = useResumeTexts();
  if (semester.lines.length === 0) return <Text>{t('reversements.empty')}</Text>;
  return (
    <Table striped withTableBorder aria-label={t('tabs.reversements')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('reversements.component')}</Table.Th>
          <Table.Th>{t('reversements.legalBasis')}</Table.Th>
          <Table.Th>{t('reversements.beneficiary')}</Table.Th>
          <Table.Th ta="right">{t('reversements.amount')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {semester.lines.map((line) => (
          <Table.Tr key={`${line.kind}-${line.beneficiary}`}>
            <Table.Td>{componentInfo[line.kind].label}</Table.Td>
            <Table.Td>{componentInfo[line.kind].legalBasis}</Table.Td>
            <Table.Td>{line.beneficiary}</Table.Td>
            <Table.Td ta="right">{formatEuros(line.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr fw={700}>
          <Table.Td colSpan={3}>{t('reversements.total')}</Table.Td>
          <Table.Td ta="right">{formatEuros(semester.totalAmount)}</Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
