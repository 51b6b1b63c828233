import { Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type ForfaitPeriodRef,
  formatEuros,
  frenchDate,
  type Month,
  monthName,
  semesterLabel,
} from '@sejour/domain';
import { ReceiptEuro } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate, PageLoader } from '../ui';
import touch from '../ui/layout/touch.module.css';
import { useHostHome } from './api';
import { useHomeTexts } from './texts';

/** About what a host with one or two establishments sees: the frame keeps it while the figures load. */
const TODO_ROOM = '9rem';

const monthLabel = (m: { year: number; month: number }) => `${monthName(m.month as Month)} ${m.year}`;
const forfaitDates = (period: ForfaitPeriodRef) => ({
  begin: frenchDate(period.periodStart),
  end: frenchDate(period.periodEnd),
});

/** The host's next steps: per own establishment the months to declare and the drafts, one click to each. */
export function HostTodo() {
  const { t } = useHomeTexts();
  const home = useHostHome();
  if (home.isError) return <Text c="red">{t('loadError')}</Text>;
  if (!home.data) {
    // The panel's frame and the room of a few lines while it loads, so the messages below do not jump.
    return (
      <Paper component="section" withBorder p="md" aria-labelledby="todo-title" aria-busy>
        <Title order={2} size="h3" id="todo-title" mb="sm">
          {t('host.title')}
        </Title>
        <Box mih={TODO_ROOM}>
          <PageLoader />
        </Box>
      </Paper>
    );
  }
  const { establishments, nextDue, latestNotice } = home.data;
  const nothing = establishments.every((e) => e.late.length === 0 && e.drafts.length === 0);
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="todo-title">
      <Title order={2} size="h3" id="todo-title" mb="sm">
        {t('host.title')}
      </Title>
      <Stack gap="md">
        {establishments.length === 0 ? (
          <Text>{t('host.noEstablishment')}</Text>
        ) : nothing ? (
          <Text>{t('host.nothing')}</Text>
        ) : (
          establishments
            .filter((e) => e.late.length > 0 || e.drafts.length > 0)
            .map((e) => (
              <Stack key={e.id} gap={6} component="article" aria-labelledby={`todo-${e.id}`}>
                <Title order={3} size="h4" id={`todo-${e.id}`}>
                  <Anchor component={Link} to={`/establishments/${e.id}`} inherit>
                    {e.name}
                  </Anchor>
                </Title>
                {e.late.length > 0 && (
                  <Group gap="xs" align="center">
                    <Text size="sm" fw={600}>
                      {t('host.late')} :
                    </Text>
                    {e.late.map((m) => (
                      <Button
                        key={`${m.year}-${m.month}-${m.forfaitPeriod ? 'forfait' : 'month'}`}
                        component={Link}
                        to={
                          m.forfaitPeriod
                            ? `/declarations/forfait/new?establishmentId=${e.id}&periodStart=${m.forfaitPeriod.periodStart}`
                            : `/declarations/new?establishmentId=${e.id}&year=${m.year}&month=${m.month}`
                        }
                        size="xs"
                        className={touch.target}
                      >
                        {m.forfaitPeriod
                          ? t('host.declareForfait', forfaitDates(m.forfaitPeriod))
                          : t('host.declare', { month: monthLabel(m) })}
                      </Button>
                    ))}
                  </Group>
                )}
                {e.drafts.length > 0 && (
                  <Group gap="xs" align="center">
                    <Text size="sm" fw={600}>
                      {t('host.drafts')} :
                    </Text>
                    {e.drafts.map((d) => (
                      <Button
                        key={d.declarationId}
                        component={Link}
                        to={`/declarations/${d.declarationId}`}
                        size="xs"
                        variant="default"
                        className={touch.target}
                      >
                        {d.forfaitPeriod
                          ? t('host.finishForfait', forfaitDates(d.forfaitPeriod))
                          : t('host.finish', { month: monthLabel(d) })}
                      </Button>
                    ))}
                  </Group>
                )}
              </Stack>
            ))
        )}
        {nextDue && (
          <Text>
            {t('host.nextDue', {
              date: formatDate(nextDue.date),
              semester: semesterLabel(nextDue.semester),
              year: nextDue.year,
            })}
          </Text>
        )}
        {latestNotice && (
          <Group gap="xs">
            <Text>
              {t('host.latestNotice', {
                semester: semesterLabel(latestNotice.semester),
                year: latestNotice.year,
                amount: formatEuros(latestNotice.totalAmount),
              })}
            </Text>
            {/* The notice named here, not the semester "Mes avis" would open on by default. */}
            <Anchor
              component={Link}
              to={`/resume?year=${latestNotice.year}&semester=${latestNotice.semester}`}
            >
              {t('host.toNotice')}
            </Anchor>
          </Group>
        )}
        <NoticesLink />
      </Stack>
    </Paper>
  );
}

/**
 * The host's notices ("Mes avis"): reached from Home and from each establishment's screen, since a host's side
 * bar holds only Home and their establishments.
 */
export function NoticesLink() {
  const { t } = useHomeTexts();
  return (
    <Button
      component={Link}
      to="/resume"
      variant="default"
      leftSection={<ReceiptEuro size={18} aria-hidden />}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('resume:hostTitle')}
    </Button>
  );
}
