import { auditActionLabels } from '@sejour/domain';
import { expect, loginAs, test } from './support/fixtures';

/**
 * Runs last (files run in name order, one at a time): the changes the other browser tests make — providers
 * created and archived, establishments created, edited and deleted, declarations created, marked done and
 * reopened, pricings created and deleted — are all in the Journal. Meant for the whole suite: alone, the
 * changes it looks for were never made.
 */
const EXPECTED = [
  { entity: 'provider', actions: ['create', 'archive', 'restore'] },
  { entity: 'establishment', actions: ['create', 'update', 'image_upload', 'delete'] },
  { entity: 'declaration', actions: ['create', 'update', 'done', 'reopen', 'file_attach'] },
  { entity: 'pricing', actions: ['create', 'delete'] },
] as const;

test('the Journal lists the changes the other browser tests made, of every kind', async ({ page }) => {
  test.slow();
  await loginAs(page, 'admin');
  for (const { entity, actions } of EXPECTED) {
    for (const action of actions) {
      await page.goto(`/journal?entity=${entity}&action=${action}`);
      const cell = page.getByRole('cell', { name: auditActionLabels[action], exact: true });
      await expect(cell.first(), `${entity} ${action}`).toBeVisible();
    }
  }
});
