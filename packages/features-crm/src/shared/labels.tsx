import { Badge } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCheckbox,
  IconFileText,
  IconFlag,
  IconMail,
  IconMessage,
  IconPhone,
  IconRepeat,
  IconStar,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { LEAD_STATUS_LABELS, type LeadStatus, type StageType } from '@ledgerleaf/domain';

const LEAD_STATUS_COLORS: Record<LeadStatus, string> = {
  new: 'blue',
  contacted: 'cyan',
  qualified: 'teal',
  unqualified: 'gray',
  converted: 'green',
};

/** A lead's status as a badge. */
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge component="span" color={LEAD_STATUS_COLORS[status]} variant="dot">
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A stage: its colour as a dot and its name; won and lost say so. */
export function StageBadge({ name, type, color }: { name: string; type: StageType; color?: string }) {
  return (
    <Badge
      component="span"
      variant="dot"
      color={type === 'won' ? 'green' : type === 'lost' ? 'red' : undefined}
      styles={color && type === 'open' ? { root: { '--badge-dot-color': color } as never } : undefined}
    >
      {name}
    </Badge>
  );
}

/** The Tabler icon of an activity type's icon name (`ACTIVITY_ICONS`). */
export const ACTIVITY_ICON_COMPONENTS: Record<string, Icon> = {
  phone: IconPhone,
  mail: IconMail,
  'calendar-event': IconCalendarEvent,
  checkbox: IconCheckbox,
  repeat: IconRepeat,
  message: IconMessage,
  users: IconUsers,
  'file-text': IconFileText,
  flag: IconFlag,
  star: IconStar,
};

export function ActivityIcon({ name, size = 16 }: { name: string; size?: number }) {
  const Component = ACTIVITY_ICON_COMPONENTS[name] ?? IconCheckbox;
  return <Component size={size} aria-hidden />;
}
