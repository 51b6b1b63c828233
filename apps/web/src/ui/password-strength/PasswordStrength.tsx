import { Box, Text } from '@mantine/core';
import { crackTimeMessage, evaluatePassword, PASSWORD_MAX, PASSWORD_MIN } from '@sejour/domain';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from '../../i18n';
import classes from './PasswordStrength.module.css';
import { usePasswordEstimator } from './usePasswordEstimator';

/** Segment colours by score (0 → 4); the words carry the meaning, the colours only repeat it. */
const COLORS = ['red.7', 'orange.7', 'yellow.6', 'teal.6', 'green.7'] as const;

/**
 * The strength meter, for a password field's meter slot: a five-step bar, the level in words,
 * "would be cracked in at most {n}" (from "moins d’une seconde" to "l’âge de l’univers"), and why the
 * policy refuses the password, if it does — the same rules as the server's (packages/domain/passwords).
 */
export function PasswordStrength(props: { password: string; username?: string | null; id?: string }) {
  const { t } = useTranslation('password');
  const estimator = usePasswordEstimator();
  // Typing stays fluid: the estimate follows the deferred value.
  const password = useDeferredValue(props.password);
  const evaluation = useMemo(() => {
    if (!estimator || password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return null;
    return evaluatePassword(password, estimator, { username: props.username });
  }, [estimator, password, props.username]);

  if (!props.password) return null;
  if (!estimator) {
    return (
      <Text id={props.id} size="sm" c="dimmed" mt={6} aria-live="polite">
        {t('strength.loading')}
      </Text>
    );
  }
  if (!evaluation) {
    return (
      <Text id={props.id} size="sm" c="dimmed" mt={6} aria-live="polite">
        {t('strength.length', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
      </Text>
    );
  }
  const { estimate, problem } = evaluation;
  const level = t(`strength.levels.${estimate.score}`);
  return (
    <Box id={props.id} data-testid="password-strength" data-score={estimate.score} aria-live="polite">
      <div className={classes.bar} aria-hidden>
        {[0, 1, 2, 3, 4].map((step) => (
          <Box
            key={step}
            className={classes.segment}
            bg={step <= estimate.score ? COLORS[estimate.score] : undefined}
          />
        ))}
      </div>
      <Text size="sm" mt={4}>
        {t('strength.level', { level })} {crackTimeMessage(estimate.crackSeconds)}
      </Text>
      {problem ? (
        <Text size="sm" c="var(--mantine-color-error)" mt={2}>
          {problem}
        </Text>
      ) : (
        estimate.suggestions[0] &&
        estimate.score < 4 && (
          <Text size="sm" c="dimmed" mt={2}>
            {estimate.suggestions[0]}
          </Text>
        )
      )}
    </Box>
  );
}
