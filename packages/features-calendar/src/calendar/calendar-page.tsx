import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import FullCalendar from '@fullcalendar/react';
import type { DatesSetArg, EventClickArg, EventDropArg, EventInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Loader,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { queryState, serverMessage, useAccess, useCanWrite, useDateFormat } from '@ledgerleaf/api';
import {
  useGetCalendarEventsQuery,
  useGetCalendarPeopleQuery,
  useMoveCalendarActivityMutation,
} from '@ledgerleaf/api/calendar';
import {
  CALENDAR_EVENT_KINDS,
  CALENDAR_KIND_LABELS,
  CALENDAR_MESSAGES,
  eventWallClock,
  isAllDayEvent,
  isoDateSchema,
  notDraggableReason,
  type CalendarEvent,
  type CalendarEventKind,
} from '@ledgerleaf/domain';
import { LoadError, useToast } from '@ledgerleaf/ui';
import { useUrlParams } from '@ledgerleaf/ui/routing';
import { FeedCard } from '../feed/feed-card';
import { EmptyDayMenu } from './empty-day-menu';
import { eventColor, eventPath } from '../shared/event-style';

/** FullCalendar's colours from Mantine's variables: they follow the light and dark schemes. */
const CALENDAR_THEME = {
  '--fc-border-color': 'var(--mantine-color-default-border)',
  '--fc-page-bg-color': 'var(--mantine-color-body)',
  '--fc-neutral-bg-color': 'var(--mantine-color-default-hover)',
  '--fc-neutral-text-color': 'var(--mantine-color-dimmed)',
  '--fc-list-event-hover-bg-color': 'var(--mantine-color-default-hover)',
  '--fc-today-bg-color': 'var(--mantine-primary-color-light)',
  '--fc-now-indicator-color': 'var(--mantine-color-red-7)',
  '--fc-button-bg-color': 'var(--mantine-color-default)',
  '--fc-button-border-color': 'var(--mantine-color-default-border)',
  '--fc-button-text-color': 'var(--mantine-color-text)',
  '--fc-button-hover-bg-color': 'var(--mantine-color-default-hover)',
  '--fc-button-hover-border-color': 'var(--mantine-color-default-border)',
  '--fc-button-active-bg-color': 'var(--mantine-primary-color-light)',
  '--fc-button-active-border-color': 'var(--mantine-primary-color-light-color)',
  '--fc-event-text-color': '#ffffff',
  color: 'var(--mantine-color-text)',
} as CSSProperties;

/** The views, FullCalendar's names; the agenda is what a phone shows first. */
const VIEWS = { month: 'dayGridMonth', week: 'timeGridWeek', day: 'timeGridDay', agenda: 'listWeek' } as const;
type ViewName = keyof typeof VIEWS;
const VIEW_NAMES = Object.keys(VIEWS) as ViewName[];
const viewNameOf = (type: string): ViewName | undefined => VIEW_NAMES.find((name) => VIEWS[name] === type);
const VIEW_OPTIONS: { value: ViewName; label: string }[] = [
  { value: 'month', label: 'Month' },
  { value: 'week', label: 'Week' },
  { value: 'day', label: 'Day' },
  { value: 'agenda', label: 'Agenda' },
];

const NARROW_WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'narrow', timeZone: 'UTC' });
const PHONE_VIEWS = {
  dayGridMonth: { dayHeaderFormat: { weekday: 'narrow' } },
  // The day's letter above its number.
  timeGridWeek: {
    dayHeaderContent: ({ date }: { date: Date }) => (
      <>
        <span style={{ display: 'block' }}>{NARROW_WEEKDAY.format(date)}</span>
        <span style={{ display: 'block' }}>{date.getUTCDate()}</span>
      </>
    ),
  },
} as const;

/** What the calendar shows, as FullCalendar last said (`datesSet`): the toolbar's title and state. */
interface Shown {
  title: string;
  view: ViewName;
  /** The period shown, `yyyy-MM-dd`, end exclusive. */
  start: string;
  end: string;
}

/**
 * The calendar's own toolbar (Mantine), driving FullCalendar's API: previous, next and today, the
 * period's title, and the view. Every row wraps, so at any width and text size each control stays
 * whole and on screen (FullCalendar's toolbar is one row that overflows a phone at 150 % text); the
 * view is a segmented control where four fit, a select on a phone.
 */
function CalendarToolbar({
  shown,
  today,
  phone,
  onPrev,
  onNext,
  onToday,
  onView,
}: {
  shown: Shown | null;
  today: string;
  phone: boolean;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onView: (view: ViewName) => void;
}) {
  const showsToday = shown !== null && shown.start <= today && today < shown.end;
  const switchView = (value: string | null) => {
    const name = VIEW_NAMES.find((view) => view === value);
    if (name) onView(name);
  };
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap" data-calendar-toolbar>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon variant="default" size="lg" aria-label="Previous" title="Previous" onClick={onPrev}>
          <IconChevronLeft size="1.1rem" aria-hidden />
        </ActionIcon>
        <ActionIcon variant="default" size="lg" aria-label="Next" title="Next" onClick={onNext}>
          <IconChevronRight size="1.1rem" aria-hidden />
        </ActionIcon>
        <Button variant="default" onClick={onToday} disabled={shown === null || showsToday}>
          Today
        </Button>
      </Group>
      <Title
        order={2}
        size="h3"
        data-testid="calendar-title"
        style={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
        ta="center"
      >
        {shown?.title ?? ''}
      </Title>
      {phone ? (
        <Select
          aria-label="View"
          data={VIEW_OPTIONS}
          value={shown?.view ?? null}
          onChange={switchView}
          allowDeselect={false}
          w="9rem"
          maw="100%"
        />
      ) : (
        <SegmentedControl aria-label="View" data={VIEW_OPTIONS} value={shown?.view ?? ''} onChange={switchView} />
      )}
    </Group>
  );
}

/**
 * The calendar's state in the address (`useUrlParams`), so a reload or a shared link shows the same
 * thing: `view` (month, week, day, agenda; the device's own left out), `date` (a day of the period
 * shown, `yyyy-MM-dd`; left out for the period of today), `kinds` (comma-separated) and, for owners
 * and admins, `person`. Anything unexpected in the address falls back to the default.
 */
function useCalendarUrl(defaultView: ViewName, isAdmin: boolean) {
  const url = useUrlParams({ defaults: { view: defaultView } });
  const view = url.oneOf('view', VIEW_NAMES, defaultView);
  const date = isoDateSchema.safeParse(url.get('date'));
  const kindsParam = url.get('kinds');
  const kinds = useMemo(
    () =>
      [...new Set(kindsParam.split(','))].filter((kind): kind is CalendarEventKind =>
        (CALENDAR_EVENT_KINDS as readonly string[]).includes(kind),
      ),
    [kindsParam],
  );
  const personParam = url.get('person');
  const person = isAdmin && /^[1-9]\d{0,9}$/.test(personParam) ? personParam : null;
  return { url, view, date: date.success ? date.data : null, kinds, person };
}

const KIND_OPTIONS = CALENDAR_EVENT_KINDS.map((kind) => ({ value: kind, label: CALENDAR_KIND_LABELS[kind] }));

/** A date `yyyy-MM-dd` and time `HH:mm` of a FullCalendar date: it shows the business's wall clock as UTC. */
function wallClockParts(date: Date): { date: string; time: string } {
  const iso = date.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

function toInput(event: CalendarEvent): EventInput {
  const color = eventColor(event);
  return {
    id: event.id,
    // Overdue stands out in words too, not only in red.
    title: event.overdue ? `Overdue · ${event.title}` : event.title,
    // The business's wall clock as the server wrote it: no time zone work per event.
    start: eventWallClock(event),
    allDay: isAllDayEvent(event),
    editable: event.editable === true,
    backgroundColor: color,
    borderColor: color,
    textColor: '#ffffff',
    extendedProps: { event },
  };
}

/** `/calendar`: every area's dates in month, week, day and agenda views, with filters and the feed. */
export function CalendarPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const { firstDayOfWeek, formatDate } = useDateFormat();
  const { isAdmin } = useAccess();
  const canWrite = useCanWrite();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const calendarRef = useRef<FullCalendar>(null);
  const { url, view, date, kinds, person } = useCalendarUrl(phone ? 'agenda' : 'month', isAdmin);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [emptyDay, setEmptyDay] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const query = useGetCalendarEventsQuery(
    { from: range?.from ?? '', to: range?.to ?? '', kinds, ...(person ? { person_id: Number(person) } : {}) },
    { skip: range === null },
  );
  const state = queryState(query);
  const people = useGetCalendarPeopleQuery(undefined, { skip: !isAdmin });
  const [move] = useMoveCalendarActivityMutation();
  const timeZone = state.data?.time_zone ?? 'UTC';
  const inputs = useMemo(() => (state.data?.data ?? []).map(toInput), [state.data]);

  const today = state.data?.today ?? new Date().toISOString().slice(0, 10);
  const onDatesSet = (info: DatesSetArg) => {
    const next = { from: info.startStr.slice(0, 10), to: info.endStr.slice(0, 10) };
    setRange((current) => (current?.from === next.from && current.to === next.to ? current : next));
    // The address follows the view and the period shown (FullCalendar keeps UTC dates: timeZone="UTC").
    const start = info.view.currentStart.toISOString().slice(0, 10);
    const end = info.view.currentEnd.toISOString().slice(0, 10);
    const showsToday = start <= today && today < end;
    const shownDate = date !== null && start <= date && date < end ? date : start;
    const viewName = viewNameOf(info.view.type);
    url.update({ view: viewName ?? null, date: showsToday ? null : shownDate });
    setShown({ title: info.view.title, view: viewName ?? view, start, end });
  };
  const api = () => calendarRef.current?.getApi();

  // An address changed while the page is open (back, a link to another period) moves the calendar.
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (!api) return;
    const target = date ?? today;
    const start = api.view.currentStart.toISOString().slice(0, 10);
    const end = api.view.currentEnd.toISOString().slice(0, 10);
    if (api.view.type !== VIEWS[view]) api.changeView(VIEWS[view], target);
    else if (target < start || target >= end) api.gotoDate(target);
    // `today` only decides where a date-less address goes: its change alone moves nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [view, date]);

  const onEventClick = (info: EventClickArg) => {
    info.jsEvent.preventDefault();
    void navigate(eventPath(info.event.extendedProps.event as CalendarEvent));
  };

  const onEventDrop = async (info: EventDropArg) => {
    const event = info.event.extendedProps.event as CalendarEvent;
    if (!event.activity_id || !info.event.start) return info.revert();
    const result = await move({ id: event.activity_id, body: wallClockParts(info.event.start) });
    if ('error' in result) {
      info.revert();
      toast.show({ severity: 'error', summary: 'Not moved', detail: serverMessage(result.error) ?? undefined });
      return;
    }
    toast.show({ severity: 'success', summary: result.data.message ?? CALENDAR_MESSAGES.activityRescheduled });
  };

  // A role that writes may add an invoice due that day or an activity on it.
  const onDateClick = canWrite ? (info: DateClickArg) => setEmptyDay(info.dateStr.slice(0, 10)) : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>Calendar</Title>
        {state.fetching ? <Loader size="sm" aria-label="Loading events" /> : null}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <MultiSelect
          label="Show"
          placeholder={kinds.length === 0 ? 'Everything' : undefined}
          data={KIND_OPTIONS}
          value={kinds}
          onChange={(value) => url.update({ kinds: value.join(',') })}
          clearable
          w={{ base: '100%', sm: 360 }}
        />
        {isAdmin ? (
          <Select
            label="Person"
            placeholder="Everyone"
            data={(people.data?.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
            value={person}
            onChange={(value) => url.update({ person: value })}
            clearable
            w={{ base: '100%', sm: 220 }}
          />
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        Only CRM activities can be dragged to another day or time; other dates are changed on their record. Times are in{' '}
        {timeZone.replace(/_/g, ' ')}.
      </Text>
      {state.error ? (
        <LoadError title="The calendar could not be loaded" message={state.error} onRetry={state.retry} />
      ) : null}
      {state.data && state.data.data.length === 0 ? (
        <Text size="sm" role="status">
          Nothing in these dates{kinds.length > 0 || person ? ' for these filters' : ''}.
        </Text>
      ) : null}
      <CalendarToolbar
        shown={shown}
        today={today}
        phone={phone}
        onPrev={() => api()?.prev()}
        onNext={() => api()?.next()}
        onToday={() => api()?.gotoDate(today)}
        onView={(name) => api()?.changeView(VIEWS[name])}
      />
      <Box style={CALENDAR_THEME} aria-busy={state.loading}>
        <FullCalendar
          ref={calendarRef}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={VIEWS[view]}
          initialDate={date ?? undefined}
          // The toolbar above is the page's own (CalendarToolbar).
          headerToolbar={false}
          footerToolbar={false}
          // A phone names the days by a letter: seven "Wed"s at 150 % text do not fit 390 px.
          views={phone ? PHONE_VIEWS : undefined}
          // The business's wall clock, shown as UTC: the browser's own zone never shifts an event.
          timeZone="UTC"
          now={state.data ? `${state.data.today}T12:00:00` : undefined}
          firstDay={firstDayOfWeek}
          height="auto"
          nowIndicator
          dayMaxEvents={4}
          editable
          eventStartEditable
          eventDurationEditable={false}
          eventAllow={(drop) => !drop.allDay}
          events={inputs}
          datesSet={onDatesSet}
          eventClick={onEventClick}
          eventDrop={(info) => void onEventDrop(info)}
          dateClick={onDateClick}
          eventDidMount={(info) => {
            const reason = notDraggableReason(info.event.extendedProps.event as CalendarEvent);
            info.el.setAttribute(
              'title',
              reason ? `${info.event.title}. ${reason}` : `${info.event.title}. Drag to move.`,
            );
          }}
          // FullCalendar fades the other months' day numbers to 30 % (2:1 contrast): full text, lighter weight instead.
          // A day cell is named by its content (the date and its events): FullCalendar's aria-labelledby
          // names it by the date alone, which hides the events it shows (axe: label-content-name-mismatch).
          dayCellDidMount={(info) => {
            info.el.removeAttribute('aria-labelledby');
            if (!info.isOther) return;
            const top = info.el.querySelector<HTMLElement>('.fc-daygrid-day-top');
            if (top) Object.assign(top.style, { opacity: '1', fontWeight: '300', fontStyle: 'italic' });
          }}
          // FullCalendar's "+N more" is a link with aria-expanded: a button, as it behaves.
          moreLinkDidMount={(info) => info.el.setAttribute('role', 'button')}
          noEventsText="Nothing in these dates."
        />
      </Box>
      <FeedCard />
      <EmptyDayMenu day={emptyDay} title={emptyDay ? formatDate(emptyDay) : ''} onClose={() => setEmptyDay(null)} />
    </Stack>
  );
}
