import type {
  ActivityResponse,
  CalendarFeedRequest,
  CalendarFeedResponse,
  CalendarMoveRequest,
  CalendarPeopleResponse,
  CalendarQueryInput,
  CalendarResponse,
} from '@ledgerleaf/domain';
import { api } from './api';

/**
 * The calendar's endpoints (issue 17), the entry `@ledgerleaf/api/calendar`: only the calendar's lazy
 * chunk loads them. Moving an activity refreshes the calendar and the CRM's views of activities.
 */
export const calendarApi = api
  .enhanceEndpoints({
    addTagTypes: ['CalendarEvents', 'CalendarFeed', 'CrmActivity', 'CrmTimeline', 'CrmBoard', 'Client360'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getCalendarEvents: build.query<CalendarResponse, CalendarQueryInput>({
        query: ({ from, to, kinds, person_id }) => ({
          url: '/api/calendar/events',
          params: {
            from,
            to,
            ...(kinds && (Array.isArray(kinds) ? kinds.length > 0 : kinds !== '')
              ? { kinds: Array.isArray(kinds) ? kinds.join(',') : kinds }
              : {}),
            ...(person_id ? { person_id } : {}),
          },
        }),
        providesTags: ['CalendarEvents'],
      }),
      getCalendarPeople: build.query<CalendarPeopleResponse, void>({
        query: () => '/api/calendar/people',
      }),
      moveCalendarActivity: build.mutation<ActivityResponse, { id: number; body: CalendarMoveRequest }>({
        query: ({ id, body }) => ({ url: `/api/calendar/activities/${id}/move`, method: 'POST', body }),
        invalidatesTags: ['CalendarEvents', 'CrmActivity', 'CrmTimeline', 'CrmBoard', 'Client360'],
      }),
      getCalendarFeed: build.query<CalendarFeedResponse, void>({
        query: () => '/api/calendar/feed',
        providesTags: ['CalendarFeed'],
      }),
      saveCalendarFeed: build.mutation<CalendarFeedResponse, CalendarFeedRequest>({
        query: (body) => ({ url: '/api/calendar/feed', method: 'PUT', body }),
        invalidatesTags: ['CalendarFeed'],
      }),
      regenerateCalendarFeed: build.mutation<CalendarFeedResponse, void>({
        query: () => ({ url: '/api/calendar/feed/regenerate', method: 'POST' }),
        invalidatesTags: ['CalendarFeed'],
      }),
      turnOffCalendarFeed: build.mutation<CalendarFeedResponse, void>({
        query: () => ({ url: '/api/calendar/feed', method: 'DELETE' }),
        invalidatesTags: ['CalendarFeed'],
      }),
    }),
  });

export const {
  useGetCalendarEventsQuery,
  useGetCalendarPeopleQuery,
  useMoveCalendarActivityMutation,
  useGetCalendarFeedQuery,
  useSaveCalendarFeedMutation,
  useRegenerateCalendarFeedMutation,
  useTurnOffCalendarFeedMutation,
} = calendarApi;
