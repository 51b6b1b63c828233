import { Alert } from '@mantine/core';
import { PROVISIONAL_NOTICE } from '@sejour/domain';

/** The semester is not over: the notices shown and downloaded are provisional, in the PDF's own words. */
export function ProvisionalNotice() {
  return (
    <Alert color="orange" title={PROVISIONAL_NOTICE.title}>
      {PROVISIONAL_NOTICE.explanation}
    </Alert>
  );
}
