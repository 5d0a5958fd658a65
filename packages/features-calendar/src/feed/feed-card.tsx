import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, CopyButton, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { queryState, serverMessage } from '@ledgerleaf/api';
import {
  useGetCalendarFeedQuery,
  useRegenerateCalendarFeedMutation,
  useSaveCalendarFeedMutation,
  useTurnOffCalendarFeedMutation,
} from '@ledgerleaf/api/calendar';
import { CALENDAR_FEED_KINDS, CALENDAR_KIND_LABELS, type CalendarFeedKind } from '@ledgerleaf/domain';
import { FormAlert, LoadError, useAsk, useToast } from '@ledgerleaf/ui';

/**
 * The person's private calendar feed: turn it on with the kinds chosen, copy its address (shown
 * once, when made), make a new address (the old one stops at once) or turn it off.
 */
export function FeedCard() {
  const toast = useToast();
  const ask = useAsk();
  const feed = queryState(useGetCalendarFeedQuery());
  const [save, saving] = useSaveCalendarFeedMutation();
  const [regenerate, regenerating] = useRegenerateCalendarFeedMutation();
  const [turnOff, turningOff] = useTurnOffCalendarFeedMutation();
  const [kinds, setKinds] = useState<CalendarFeedKind[]>([...CALENDAR_FEED_KINDS]);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = feed.data?.data;

  useEffect(() => {
    if (current) setKinds(current.kinds);
  }, [current]);

  const answer = (result: Awaited<ReturnType<typeof save>>) => {
    if ('error' in result) {
      setError(serverMessage(result.error) ?? 'The feed could not be saved. Please try again.');
      return;
    }
    setError(null);
    if (result.data.data.url) setUrl(result.data.data.url);
    if (!result.data.data.enabled) setUrl(null);
    toast.show({ severity: 'success', summary: result.data.message ?? 'Saved' });
  };

  const onRegenerate = async () => {
    const yes = await ask({
      title: 'Make a new feed address?',
      message: 'The current address stops working at once: calendars subscribed to it must subscribe to the new one.',
      confirmText: 'Make new address',
      type: 'danger',
    });
    if (yes) answer(await regenerate());
  };

  const onTurnOff = async () => {
    const yes = await ask({
      title: 'Turn the calendar feed off?',
      message: 'Its address stops working at once.',
      confirmText: 'Turn off',
      type: 'danger',
    });
    if (yes) answer(await turnOff());
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="calendar-feed-title">
          Subscribe from your phone or desktop calendar
        </Title>
        <Text size="sm" c="dimmed">
          A private address (iCalendar) with the dates you choose and your own activities. Anyone with the address can
          read it: keep it to yourself.
        </Text>
        {feed.loading ? <Skeleton h={80} /> : null}
        {feed.error ? (
          <LoadError title="The feed settings could not be loaded" message={feed.error} onRetry={feed.retry} />
        ) : null}
        {current ? (
          <>
            <Checkbox.Group
              label="Dates in the feed"
              value={kinds}
              onChange={(value) => setKinds(value as CalendarFeedKind[])}
            >
              <Group gap="md" mt={4}>
                {CALENDAR_FEED_KINDS.map((kind) => (
                  <Checkbox key={kind} value={kind} label={CALENDAR_KIND_LABELS[kind]} />
                ))}
              </Group>
            </Checkbox.Group>
            {error ? <FormAlert>{error}</FormAlert> : null}
            {url ? (
              <Stack gap={4}>
                <TextInput
                  label="Feed address"
                  value={url}
                  readOnly
                  onFocus={(event) => event.currentTarget.select()}
                />
                <Group gap="sm">
                  <CopyButton value={url}>
                    {({ copied, copy }) => (
                      <Button size="sm" variant="light" onClick={copy}>
                        {copied ? 'Copied' : 'Copy address'}
                      </Button>
                    )}
                  </CopyButton>
                  <Text size="sm" c="dimmed">
                    Shown only now: copy it into your calendar app.
                  </Text>
                </Group>
              </Stack>
            ) : current.enabled ? (
              <Text size="sm">
                Your feed is on. Its address was shown when it was made; make a new one if you need it again.
              </Text>
            ) : null}
            <Group gap="sm">
              {current.enabled ? (
                <>
                  <Button
                    size="sm"
                    onClick={async () => answer(await save({ kinds }))}
                    loading={saving.isLoading}
                    disabled={kinds.length === 0}
                  >
                    Save dates
                  </Button>
                  <Button
                    size="sm"
                    variant="default"
                    onClick={() => void onRegenerate()}
                    loading={regenerating.isLoading}
                  >
                    Make new address
                  </Button>
                  <Button
                    size="sm"
                    variant="subtle"
                    color="red"
                    onClick={() => void onTurnOff()}
                    loading={turningOff.isLoading}
                  >
                    Turn off
                  </Button>
                </>
              ) : (
                <Button
                  size="sm"
                  onClick={async () => answer(await save({ kinds }))}
                  loading={saving.isLoading}
                  disabled={kinds.length === 0}
                >
                  Turn on feed
                </Button>
              )}
            </Group>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
