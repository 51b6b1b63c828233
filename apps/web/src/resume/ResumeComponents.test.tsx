import { componentInfo, formatEuros, type Resume, ZERO_AMOUNTS, ZERO_COMPONENTS } from '@sejour/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { ResumeTable } from './ResumeTable';
import { ReversementsTable } from './ReversementsTable';

function resumeWith(shownComponents: Resume['shownComponents']): Resume {
  const componentTotals = { ...ZERO_COMPONENTS, DEPARTMENTAL: 170, IDF_MOBILITES: 3_400 };
  const totals = { ...ZERO_AMOUNTS, taxableNights: 10, nightsCount: 10, ccAmount: 1_700, totalAmount: 5_270 };
  return {
    year: 2026,
    semester: 1,
    providers: [
      {
        userId: 7,
        providerName: 'Hôtel Lutèce SAS',
        company: null,
        paymentReference: 'TS-2026-1-7',
        rows: [
          {
            ...totals,
            establishmentId: 3,
            establishmentName: 'Hôtel Lutèce',
            type: 'HOTEL_3',
            doneMonths: [1],
            draftMonths: [],
            missingMonths: [],
            attestedMonths: [],
            draftTotalAmount: 0,
            components: componentTotals,
            exemptionsByReason: null,
          },
        ],
        totals,
        componentTotals,
      },
    ],
    totals,
    componentTotals,
    shownComponents,
    providerCount: 1,
    issuedOn: '2026-03-15',
    dueDate: '2026-07-30',
    provisional: true,
  };
}

describe('the resume’s components', () => {
  it('adds a column for each component the semester collected besides the departmental one', () => {
    renderUi(<ResumeTable resume={resumeWith(['DEPARTMENTAL', 'IDF_MOBILITES'])} isAdmin={false} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain(componentInfo.IDF_MOBILITES.label);
    expect(headers).not.toContain(componentInfo.ILE_DE_FRANCE.label);
    const row = screen.getByRole('row', { name: /Hôtel Lutèce\b.*janvier/ });
    const cell = within(row)
      .getAllByRole('cell')
      .find((c) => c.getAttribute('data-label') === componentInfo.IDF_MOBILITES.label);
    expect(cell?.textContent).toBe(formatEuros(3_400));
  });

  it('keeps the specification’s columns alone in a territory with the departmental component only', () => {
    renderUi(<ResumeTable resume={resumeWith(['DEPARTMENTAL'])} isAdmin={false} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Taxe additionnelle départementale');
    for (const kind of ['ILE_DE_FRANCE', 'IDF_MOBILITES', 'RAILWAY_LINE'] as const)
      expect(headers).not.toContain(componentInfo[kind].label);
  });
});

describe('the reversements table', () => {
  it('shows each beneficiary’s amount per component and the total to pay over', () => {
    renderUi(
      <ReversementsTable
        semester={{
          semester: 1,
          lines: [
            { kind: 'DEPARTMENTAL', beneficiary: 'Département', amount: 170 },
            { kind: 'IDF_MOBILITES', beneficiary: 'IDFM — service des recettes', amount: 3_400 },
          ],
          totalAmount: 3_570,
        }}
      />,
    );
    const row = screen.getByRole('row', { name: /IDFM — service des recettes/ });
    expect(row).toHaveTextContent(componentInfo.IDF_MOBILITES.label);
    expect(row).toHaveTextContent(componentInfo.IDF_MOBILITES.legalBasis);
    // Compared as written: the euro amounts hold narrow no-break spaces.
    expect(row.textContent).toContain(formatEuros(3_400));
    expect(screen.getByRole('row', { name: /Total à reverser/ }).textContent).toContain(formatEuros(3_570));
  });

  it('says when nothing was collected for anyone', () => {
    renderUi(<ReversementsTable semester={{ semester: 2, lines: [], totalAmount: 0 }} />);
    expect(screen.getByText('Aucune taxe additionnelle collectée ce semestre.')).toBeInTheDocument();
  });
});
