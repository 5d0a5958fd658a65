import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { whenIdle } from '../layout/when-idle';
import type { DateField as DateFieldComponent, DateFieldProps } from './date-field';

// The date field (Mantine's DateInput with its calendar, and dayjs: about 13 KiB compressed) of a
// list's filters loads once the browser is idle after the list has drawn, not with the list: on a
// phone over slow 4G it was part of what the invoice list waited for before its first paint.
let loaded: typeof DateFieldComponent | null = null;
let loading: Promise<typeof DateFieldComponent> | null = null;

/** Loads the date field's code (test setups await it through `preloadUiViews`). */
export function preloadDateField(): Promise<typeof DateFieldComponent> {
  loading ??= import('./date-field').then((module) => {
    loaded = module.DateField;
    return module.DateField;
  });
  return loading;
}

const DEFAULT_FORMAT = 'MM/DD/YY';

/** `YYYY-MM-DD` in a dayjs format of years, months and days (`MM/DD/YY`, `DD.MM.YYYY`…), as DateInput shows it. */
export function formatDateValue(value: string, format: string = DEFAULT_FORMAT): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return '';
  const [, year, month, day] = match as unknown as [string, string, string, string];
  return format.replace(/YYYY|YY|MM|M|DD|D/g, (token) => {
    if (token === 'YYYY') return year;
    if (token === 'YY') return year.slice(2);
    if (token === 'MM') return month;
    if (token === 'M') return String(Number(month));
    if (token === 'DD') return day;
    return String(Number(day));
  });
}

/**
 * A DateField (same props) for a screen's first draw: until its code has loaded it is a read-only
 * text field with the same label, value (in the same format), placeholder, size and message, and
 * then the date field itself, whose code loads when the browser is idle after the screen mounts.
 */
export function DeferredDateField(props: DateFieldProps) {
  const [Field, setField] = useState(() => loaded);
  useEffect(() => {
    if (Field) return undefined;
    let active = true;
    const cancel = whenIdle(
      () => void preloadDateField().then((component) => active && setField(() => component)),
      1000,
    );
    return () => {
      active = false;
      cancel();
    };
  }, [Field]);
  if (Field) return <Field {...props} />;
  const {
    label,
    description,
    error,
    placeholder,
    w,
    size,
    required,
    disabled,
    id,
    valueFormat,
    value,
    style,
    className,
  } = props;
  return (
    <TextInput
      id={id}
      label={label}
      description={description}
      error={error}
      placeholder={placeholder ?? (valueFormat ?? DEFAULT_FORMAT).toLowerCase()}
      w={w}
      size={size}
      required={required}
      disabled={disabled}
      style={style}
      className={className}
      value={value ? formatDateValue(value, valueFormat) : ''}
      readOnly
      data-deferred-date-field
    />
  );
}
