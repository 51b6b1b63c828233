import { Text, type TextProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2 j 03:04:05", "03:04:05" — the time left, to the second. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days} j ${clock}` : clock;
}

/** The time left until `to`, each second; then "Expiré", and `onExpire` once. */
export function Countdown(props: { to: Date | number | string; onExpire?: () => void } & TextProps) {
  const { to, onExpire, ...text } = props;
  const { t } = useTranslation('ui');
  const end = new Date(to).getTime();
  const [now, setNow] = useState(() => Date.now());
  const expired = now >= end;
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  useEffect(() => {
    if (expired) {
      onExpireRef.current?.();
      return;
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expired]);

  return (
    <Text
      component="span"
      role="timer"
      aria-label={t('countdown.label')}
      data-expired={expired || undefined}
      {...text}
    >
      {expired ? t('countdown.expired') : formatRemaining(end - now)}
    </Text>
  );
}
