import { formatCurrency } from '../format';

/**
 * Every visible string of the CRM (issue 14): the forms' field messages (the API answers them on
 * 422, keyed by field) and the server's answers. SPEC.md shows none of the CRM screens, so all of
 * these are ours; the browser and the server import them from here so they always agree.
 */

export const CRM_NAME_MAX_LENGTH = 255;
export const CRM_NOTES_MAX_LENGTH = 5000;
export const CRM_LOST_NOTE_MAX_LENGTH = 1000;
/** Most ids one bulk action takes (a page of the leads list is at most 100; "select all" pages through). */
export const CRM_BULK_MAX_IDS = 500;
/** Most reminders one activity may carry. */
export const MAX_ACTIVITY_REMINDERS = 5;
/** Longest activity-type due offset: a year. */
export const MAX_DUE_OFFSET_MINUTES = 365 * 24 * 60;
/** Longest reminder offset before the due time: 30 days. */
export const MAX_REMINDER_OFFSET_MINUTES = 30 * 24 * 60;
/** Longest rotting threshold of a stage. */
export const MAX_ROTTING_DAYS = 365;

export const CRM_MESSAGES = {
  // shared field messages
  nameRequired: 'Please enter a name',
  nameTooLong: `Name may not be longer than ${CRM_NAME_MAX_LENGTH} characters`,
  notesTooLong: `Notes may be at most ${CRM_NOTES_MAX_LENGTH.toLocaleString('en-US')} characters`,
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  amountRequired: 'Please enter an amount (0 or more)',
  probabilityInvalid: 'Please enter a probability between 0 and 100',
  probabilityWhole: 'Please enter the probability as a whole number',
  ownerInvalid: 'Please choose a team member',
  sourceInvalid: 'Please choose a lead source',
  clientInvalid: 'Please choose a client',
  stageInvalid: 'Please choose a pipeline stage',
  dateRangeInvalid: 'The start date must be on or before the end date',
  dateTimeInvalid: 'Please enter a valid date and time',
  timeInvalid: 'Please enter a time as HH:mm (24 hours)',
  sortInvalid: 'Please choose a column to sort by',
  filterInvalid: 'Please choose a valid filter',
  // leads
  leadNameRequired: "Please enter the person's name or the company name",
  personNameTooLong: `The name may be at most ${CRM_NAME_MAX_LENGTH} characters`,
  companyNameTooLong: `The company name may be at most ${CRM_NAME_MAX_LENGTH} characters`,
  leadStatusInvalid: 'Please choose new, contacted, qualified or unqualified',
  leadStatusFilterInvalid: 'Please choose a status',
  bulkIdsRequired: 'Please select at least one lead',
  bulkTooManyIds: `You can change at most ${CRM_BULK_MAX_IDS} leads at once`,
  bulkIdRepeated: 'The same lead is selected twice',
  bulkActionInvalid: 'Please choose assign owner, change status or delete',
  duplicateEmailInFile: (line: number) => `The same email address is already on line ${line} of the file`,
  duplicateEmailInBusiness: 'A lead with this email address already exists',
  sourceUnknownName: (name: string) => `There is no lead source named "${name}"`,
  ownerUnknownEmail: (email: string) => `No team member has the email address ${email}`,
  convertClientRequired: 'Please choose an existing client or create a new one',
  convertModeInvalid: 'Please choose an existing client or a new client',
  // opportunities
  titleRequired: 'Please enter a title',
  titleTooLong: `The title may be at most ${CRM_NAME_MAX_LENGTH} characters`,
  clientOrLeadRequired: 'Please choose the client or the lead this opportunity is for',
  lostReasonRequired: 'Please choose why the opportunity was lost',
  lostReasonInvalid: 'Please choose a lost reason from the list',
  lostNoteTooLong: `The note may be at most ${CRM_LOST_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters`,
  opportunityStatusFilterInvalid: 'Please choose open, won, lost or all',
  neighbourInvalid: 'Please drop the card between two cards of the same column',
  cursorInvalid: 'This page link is no longer valid. Please reload the board',
  // stages
  stageTypeInvalid: 'Please choose open, won or lost',
  colorInvalid: 'Please choose a colour such as #4c6ef5',
  stageProbabilityRequired: 'Please enter the default probability of this stage',
  stageProbabilityFixed: (type: 'won' | 'lost') =>
    type === 'won' ? 'A won stage always has a probability of 100%' : 'A lost stage always has a probability of 0%',
  rottingDaysInvalid: `Please enter a whole number of days from 1 to ${MAX_ROTTING_DAYS}, or leave it empty`,
  pipelineNeedsOpen: 'The pipeline needs at least one open stage',
  pipelineNeedsWon: 'The pipeline needs at least one won stage',
  pipelineNeedsLost: 'The pipeline needs at least one lost stage',
  stageOrderInvalid: 'Please list every stage of the pipeline exactly once',
  moveToStageRequired: 'This stage holds opportunities. Please choose the stage to move them to',
  moveToSameStage: 'Please choose another stage to move the opportunities to',
  stageTypeInUse: 'This stage holds opportunities. Move them to another stage before changing its type',
  // activity types
  iconInvalid: 'Please choose an icon',
  dueOffsetInvalid: `Please enter a due offset from 0 minutes to ${MAX_DUE_OFFSET_MINUTES / 1440} days`,
  reminderOffsetInvalid: `Please enter a reminder from 0 minutes to ${MAX_REMINDER_OFFSET_MINUTES / 1440} days before`,
  nextTypeInvalid: 'Please choose the activity type to suggest next',
  // activities
  activityTypeInvalid: 'Please choose an activity type',
  subjectRequired: 'Please enter a subject',
  subjectTooLong: `The subject may be at most ${CRM_NAME_MAX_LENGTH} characters`,
  dueAtRequired: 'Please enter the due date and time',
  assigneeInvalid: 'Please choose a team member',
  activityTargetRequired: 'An activity belongs to exactly one lead, opportunity or client',
  noteTargetRequired: 'A note belongs to exactly one lead, opportunity or client',
  noteRequired: 'Please write the note',
  remindersInvalid: 'Please choose the reminders',
  tooManyReminders: `An activity can have at most ${MAX_ACTIVITY_REMINDERS} reminders`,
  reminderRepeated: 'The same reminder is set twice',
  snoozeOptionInvalid: 'Please choose 1 hour, tomorrow, next week or a date',
  snoozeDateRequired: 'Please choose the date to snooze to',
  snoozeInPast: 'Please choose a time in the future',
  reminderBucketInvalid: 'Please choose overdue, due today or upcoming',
  reminderScopeInvalid: "Please choose your reminders or everyone's",
  // settings
  rateWindowInvalid: 'Please choose 30, 90, 180 or 365 days',
  reminderChannelRequired: 'Please keep at least one way to deliver reminders (in the app or by email)',
  // answers of the server
  leadNotFound: 'Lead not found.',
  opportunityNotFound: 'Opportunity not found.',
  stageNotFound: 'Pipeline stage not found.',
  sourceNotFound: 'Lead source not found.',
  lostReasonNotFound: 'Lost reason not found.',
  activityTypeNotFound: 'Activity type not found.',
  activityNotFound: 'Activity not found.',
  noteNotFound: 'Note not found.',
  clientHasCrmRecords:
    'This client has CRM opportunities, activities, notes or converted leads, so it cannot be deleted. Archive it instead.',
  leadReadOnly: 'This lead has been converted, so it can no longer be changed.',
  leadAlreadyConverted: 'This lead has already been converted.',
  sourceInUse: 'This source is used by leads or opportunities, so it cannot be deleted. Archive it instead.',
  lostReasonInUse: 'This reason is used by lost opportunities, so it cannot be deleted. Archive it instead.',
  activityTypeInUse: 'This activity type is used by activities, so it cannot be deleted. Archive it instead.',
  nameTaken: 'Another entry already has this name',
  leadCreated: 'Lead created.',
  leadUpdated: 'Lead updated.',
  leadDeleted: 'Lead deleted.',
  leadConverted: (clientName: string) => `Lead converted. The opportunity and the client ${clientName} are ready.`,
  leadsImported: (count: number) => `Imported ${count} lead${count === 1 ? '' : 's'}.`,
  bulkDone: (count: number) => `${count} lead${count === 1 ? '' : 's'} updated.`,
  bulkDeleted: (count: number) => `${count} lead${count === 1 ? '' : 's'} deleted.`,
  bulkSkippedConverted: (count: number) =>
    `${count} converted lead${count === 1 ? ' was' : 's were'} left as ${count === 1 ? 'it was' : 'they were'}.`,
  opportunityCreated: 'Opportunity created.',
  opportunityUpdated: 'Opportunity updated.',
  opportunityDeleted: 'Opportunity deleted.',
  opportunityMoved: (stageName: string) => `Moved to ${stageName}.`,
  opportunityWon: (amount: number) => `Won ${formatCurrency(amount)}. Congratulations!`,
  stageSaved: 'Stage saved.',
  stageDeleted: 'Stage deleted.',
  stagesReordered: 'Stages reordered.',
  saved: 'Saved.',
  archived: 'Archived.',
  restored: 'Restored.',
  deleted: 'Deleted.',
  activityCreated: 'Activity created.',
  activityUpdated: 'Activity updated.',
  activityDone: 'Activity marked as done.',
  activityReopened: 'Activity marked as not done.',
  activitySnoozed: 'Activity snoozed.',
  activityDeleted: 'Activity deleted.',
  settingsSaved: 'CRM settings saved.',
  // confirmations and empty states
  deleteLeadsConfirmTitle: 'Delete leads',
  deleteLeadsConfirmMessage: (count: number) =>
    `Delete ${count} lead${count === 1 ? '' : 's'}?\nTheir activities and notes are deleted with them. This cannot be undone.`,
  // the in-app notification of a reminder (notification type `ActivityReminder`)
  reminderNotificationTitle: 'Activity reminder',
  reminderNotificationMessage: (subject: string, due: string) => `${subject} is due ${due}.`,
} as const;
