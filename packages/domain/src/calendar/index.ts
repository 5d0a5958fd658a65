// The calendar and its private iCalendar feed (issue 17).
export * from './calendar';
